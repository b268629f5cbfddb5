import { api, useApiData, useDocumentTitle, useStrings } from '@catalyst/web-kit';
import { ApiKeysPanel } from '@catalyst/web-kit/api-keys';
import styles from '../../common/Admin.module.css';
import { consoleStrings } from '../../i18n/console/en';

const writes = {
  create: (body: Parameters<typeof api.adminApiKey.createApiKey>[0]['body']) =>
    api.adminApiKey.createApiKey({ body }),
  revoke: (keyId: string) => api.adminApiKey.revokeApiKey({ params: { keyId } }),
};

/** /admin/api-keys: the site's API keys (admins' and teams'), made with scopes and an expiry, and revoked. */
export function ApiKeysPage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('integrations.apiKeys.title'));
  const keys = useApiData(api.adminApiKey.listApiKeys);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('integrations.apiKeys.title')}</h1>
          <p className={styles.subtitle}>{t('integrations.apiKeys.subtitle')}</p>
        </div>
      </header>
      <ApiKeysPanel keys={keys} writes={writes} />
    </section>
  );
}
