import { api, useApiData, useDocumentTitle } from '@catalyst/web-kit';
import { ApiKeysPanel } from '@catalyst/web-kit/api-keys';
import styles from '../../common/Admin.module.css';

const writes = {
  create: (body: Parameters<typeof api.adminApiKey.createApiKey>[0]['body']) =>
    api.adminApiKey.createApiKey({ body }),
  revoke: (keyId: string) => api.adminApiKey.revokeApiKey({ params: { keyId } }),
};

/** /admin/api-keys: the site's API keys (admins' and teams'), made with scopes and an expiry, and revoked. */
export function ApiKeysPage() {
  useDocumentTitle('API keys');
  const keys = useApiData(api.adminApiKey.listApiKeys);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>API keys</h1>
          <p className={styles.subtitle}>
            Keys let other systems call the API with the scopes you choose (Authorization: Bearer cat_live_…).
            Each key is shown once; revoke one and it stops working at once.
          </p>
        </div>
      </header>
      <ApiKeysPanel keys={keys} writes={writes} />
    </section>
  );
}
