import { useState } from 'react';
import type { TeamJoinLink } from '@catalyst/contracts';
import { Alert, Button, Card, Spinner, TextField, useApiData, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
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
    act(() => client.teamJoinLink.createJoinLink({ params: { id: teamId } }), 'The link could not be made.');
  const turnOff = () =>
    act(
      () => client.teamJoinLink.deleteJoinLink({ params: { id: teamId } }),
      'The link could not be turned off.',
    );
  const copy = async (url: string) => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('Link copied');
    } catch {
      setCopied(`Couldn't copy: select the link and copy it by hand`);
    }
  };

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-join-link">
      <h2 id="team-join-link">Join link</h2>
      <p className={styles.muted}>
        Share one link with your colleagues: anyone with a verified e-mail address at the team&apos;s verified
        domains takes a free seat with it.
      </p>
      {loaded.error ? (
        <Alert tone="danger">{formErrorOf(loaded.error, 'The join link could not be loaded.').message}</Alert>
      ) : !link ? (
        <Spinner message="Loading the join link..." />
      ) : (
        <>
          {link.domains.length > 0 ? (
            <p>It admits addresses at {link.domains.join(', ')}.</p>
          ) : (
            <p className={styles.muted}>
              {canManageDomains
                ? 'Verify one of the team’s e-mail domains under Domains first: the link admits verified domains only.'
                : 'The team’s owner must verify one of its e-mail domains first: the link admits verified domains only.'}
            </p>
          )}
          {link.url ? (
            <>
              <TextField label="The join link" name="joinLink" readOnly value={link.url} />
              <div className={styles.actions}>
                <Button type="button" onClick={() => void copy(link.url!)} disabled={busy}>
                  Copy link
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  loading={busy}
                  disabled={busy}
                  onClick={() => void turnOn()}
                >
                  Make a new link
                </Button>
                <Button type="button" variant="secondary" disabled={busy} onClick={() => void turnOff()}>
                  Turn off
                </Button>
                <span role="status">{copied}</span>
              </div>
              <p className={styles.muted}>A new link stops the old one working.</p>
            </>
          ) : (
            <div className={styles.actions}>
              <Button type="button" loading={busy} disabled={busy} onClick={() => void turnOn()}>
                Turn the join link on
              </Button>
            </div>
          )}
          {error ? <Alert tone="danger">{error}</Alert> : null}
        </>
      )}
    </Card>
  );
}
