import { useState } from 'react';
import type { TeamScimStatus, TeamScimToken } from '@catalyst/contracts';
import { Alert, Button, Card, Spinner, useApiData, type ApiClient } from '@catalyst/web-kit';
import { formErrorOf } from '../billing/formError';
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
    }, 'The token could not be made.');
  const revoke = () =>
    act(async () => {
      setStatus(await client.teamScimToken.revokeScimToken({ params: { id: teamId } }));
      setMade(null);
    }, 'The token could not be revoked.');

  return (
    <Card as="section" className={styles.card} aria-labelledby="team-scim">
      <h2 id="team-scim">Directory sync (SCIM)</h2>
      <p className={styles.muted}>
        Your company&apos;s directory (Okta, Azure AD…) adds members, updates them and frees their seats when
        they are deactivated.
      </p>
      {current.error ? (
        <Alert tone="danger">
          {formErrorOf(current.error, 'Directory sync could not be loaded.').message}
        </Alert>
      ) : !shown ? (
        <Spinner message="Loading directory sync..." />
      ) : (
        <>
          <p>
            SCIM base URL: <code>{shown.baseUrl}</code>
          </p>
          <p className={styles.muted}>
            {shown.enabled
              ? `A token is active${shown.lastUsedAt ? `, last used ${new Date(shown.lastUsedAt).toLocaleString()}` : ''}.`
              : 'No token yet.'}
          </p>
          {made ? (
            <Alert tone="success" reveal>
              Copy this token into your directory now; it is not shown again: <code>{made.token}</code>
            </Alert>
          ) : null}
          {error ? <Alert tone="danger">{error}</Alert> : null}
          <div className={styles.actions}>
            <Button type="button" loading={busy} disabled={busy} onClick={() => void create()}>
              {shown.enabled ? 'Rotate token' : 'Create token'}
            </Button>
            {shown.enabled ? (
              <Button type="button" variant="secondary" disabled={busy} onClick={() => void revoke()}>
                Revoke token
              </Button>
            ) : null}
          </div>
        </>
      )}
    </Card>
  );
}
