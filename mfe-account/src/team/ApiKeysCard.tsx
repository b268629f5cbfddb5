import { useMemo } from 'react';
import { Card, useApiData, useStrings, type ApiClient } from '@catalyst/web-kit';
import { ApiKeysPanel } from '@catalyst/web-kit/api-keys';
import { accountStrings } from '../i18n/en';
import styles from './Team.module.css';

/** The owner's "API keys" card: keys bound to this team (its members, learning, the catalogue), shown once, revoked. */
export function ApiKeysCard({ teamId, client }: { teamId: string; client: ApiClient }) {
  const t = useStrings(accountStrings);
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
      <h2 id="team-api-keys">{t('apiKeys.title')}</h2>
      <p className={styles.muted}>{t('apiKeys.lead')}</p>
      <ApiKeysPanel keys={keys} writes={writes} />
    </Card>
  );
}
