import { useMemo } from 'react';
import { Card, useApiData, type ApiClient } from '@catalyst/web-kit';
import { ApiKeysPanel } from '@catalyst/web-kit/api-keys';
import styles from './Team.module.css';

/** The owner's "API keys" card: keys bound to this team (its members, learning, the catalogue), shown once, revoked. */
export function ApiKeysCard({ teamId, client }: { teamId: string; client: ApiClient }) {
  const keys = useApiData(client.teamApiKey.listTeamApiKeys, { params: { id: teamId } });
  const writes = useMemo(
    () => ({
      create: (body: Parameters<typeof client.teamApiKey.createTeamApiKey>[0]['body']) =>
        client.teamApiKey.createTeamApiKey({ params: { id: teamId }, body }),
      revoke: (keyId: string) => client.teamApiKey.revokeTeamApiKey({ params: { id: teamId, keyId } }),
    }),
    [client, teamId],
  );
  return (
    <Card as="section" className={styles.card} aria-labelledby="team-api-keys">
      <h2 id="team-api-keys">API keys</h2>
      <p className={styles.muted}>
        Let your own systems read this team&apos;s members and learning, or invite and remove members. A key
        works for this team only.
      </p>
      <ApiKeysPanel keys={keys} writes={writes} />
    </Card>
  );
}
