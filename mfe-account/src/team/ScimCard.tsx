import { useState } from 'react';
import type { TeamScimStatus, TeamScimToken } from '@catalyst/contracts';
import {
  Alert,
  Button,
  Card,
  currentLanguage,
  Spinner,
  useApiData,
  useStrings,
  withPart,
  type ApiClient,
} from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

/** The owner's "Directory sync (SCIM)" card: the SCIM base address, and the token made, rotated or revoked. */
export function ScimCard({
  teamId,
  client,
  onChanged,
}: {
  teamId: string;
  client: ApiClient;
  onChanged?: () => void;
}) {
  const t = useStrings(accountStrings);
  const current = useApiData(client.teamScimToken.getScimToken, { params: { id: teamId } });
  const [status, setStatus] = useState<TeamScimStatus | null>(null);
  const [made, setMade] = useState<TeamScimToken | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const shown = status ?? current.data;

  const act = async (run: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await run();
      onChanged?.();
    } catch (err) {
      setError(formErrorOf(err, fallback).message);
    } finally {
      setBusy(false);
    }
  };
  const create = () =>
    act(async () => {
      const token = await client.teamScimToken.createScimToken({ params: { id: teamId } });
      setMade(token);
      setStatus({ enabled: true, baseUrl: token.baseUrl, createdAt: token.createdAt, lastUsedAt: null });
    }, t('scim.makeFailed'));
  const revoke = () =>
    act(async () => {
      setStatus(await client.teamScimToken.revokeScimToken({ params: { id: teamId } }));
      setMade(null);
    }, t('scim.revokeFailed'));

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-scim">
      <h2 id="team-scim">{t('scim.title')}</h2>
      <p className={styles.muted}>{t('scim.lead')}</p>
      {current.error ? (
        <Alert tone="danger">{formErrorOf(current.error, t('scim.loadFailed')).message}</Alert>
      ) : !shown ? (
        <Spinner message={t('scim.loading')} />
      ) : (
        <>
          <p>{withPart(t('scim.baseUrl'), 'url', <code>{shown.baseUrl}</code>)}</p>
          <p className={styles.muted}>
            {shown.enabled
              ? shown.lastUsedAt
                ? t('scim.activeUsed', {
                    date: new Date(shown.lastUsedAt).toLocaleString(
                      currentLanguage() === 'en' ? undefined : currentLanguage(),
                    ),
                  })
                : t('scim.active')
              : t('scim.none')}
          </p>
          {made ? (
            <Alert tone="success" reveal>
              {withPart(t('scim.copyNow'), 'token', <code>{made.token}</code>)}
            </Alert>
          ) : null}
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className={styles.actions}>
            <Button type="button" loading={busy} disabled={busy} onClick={() => void create()}>
              {shown.enabled ? t('scim.rotate') : t('scim.create')}
            </Button>
            {shown.enabled ? (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void revoke()}>
                {t('scim.revoke')}
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}
