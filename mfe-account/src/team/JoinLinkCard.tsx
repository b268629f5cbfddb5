import { useState } from 'react';
import type { TeamJoinLink } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  Spinner,
  TextField,
  useApiData,
  useStrings,
  type ApiClient,
} from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

/**
 * The "Join link" card (owners and admins): one link for everyone at the team's verified domains, turned on,
 * copied, replaced by a new one (the old stops working) or turned off.
 */
export function JoinLinkCard({
  teamId,
  client,
  canManageDomains,
  onChanged,
}: {
  teamId: string;
  client: ApiClient;
  /** The owner verifies domains (the Domains card); an admin asks them to. */
  canManageDomains: boolean;
  onChanged?: () => void;
}) {
  const t = useStrings(accountStrings);
  const loaded = useApiData(client.teamJoinLink.getJoinLink, { params: { id: teamId } });
  const [changed, setChanged] = useState<TeamJoinLink | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState('');
  const link = changed ?? loaded.data;

  const act = async (run: () => Promise<TeamJoinLink>, fallback: string) => {
    setBusy(true);
    setError(null);
    setCopied('');
    try {
      setChanged(await run());
      onChanged?.();
    } catch (err) {
      setError(formErrorOf(err, fallback).message);
    } finally {
      setBusy(false);
    }
  };
  const turnOn = () =>
    act(() => client.teamJoinLink.createJoinLink({ params: { id: teamId } }), t('joinLink.makeFailed'));
  const turnOff = () =>
    act(() => client.teamJoinLink.deleteJoinLink({ params: { id: teamId } }), t('joinLink.offFailed'));
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(t('certificate.copied'));
    } catch {
      setCopied(t('joinLink.copyFailed'));
    }
  };

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-join-link">
      <h2 id="team-join-link">{t('joinLink.title')}</h2>
      <p className={styles.muted}>{t('joinLink.lead')}</p>
      {loaded.error ? (
        <Alert tone="danger">{formErrorOf(loaded.error, t('join.linkFailed')).message}</Alert>
      ) : !link ? (
        <Spinner message={t('join.loadingLink')} />
      ) : (
        <>
          {link.domains.length > 0 ? (
            <p>{t('joinLink.admits', { domains: link.domains.join(', ') })}</p>
          ) : (
            <p className={styles.muted}>
              {canManageDomains ? t('joinLink.verifyFirst') : t('joinLink.ownerVerifies')}
            </p>
          )}
          {link.url ? (
            <>
              <TextField label={t('joinLink.label')} name="joinLink" readOnly value={link.url} />
              <div className={styles.actions}>
                <Button type="button" onClick={() => void copy(link.url!)} disabled={busy}>
                  {t('certificate.copy')}
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  loading={busy}
                  disabled={busy}
                  onClick={() => void turnOn()}
                >
                  {t('joinLink.renew')}
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => void turnOff()}>
                  {t('joinLink.off')}
                </Button>
                <span role="status">{copied}</span>
              </div>
              <p className={styles.muted}>{t('joinLink.renewNote')}</p>
            </>
          ) : (
            <div className={styles.actions}>
              <Button type="button" loading={busy} disabled={busy} onClick={() => void turnOn()}>
                {t('joinLink.on')}
              </Button>
            </div>
          )}
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </>
      )}
    </Card>
  );
}
