import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  DOWNLOADS_MAX,
  downloads,
  formatDate,
  formatFileSize,
  PageLoading,
  useDocumentTitle,
  useDownloads,
  useOfflineUser,
  useStrings,
  withPart,
} from '@catalyst/web-kit';
import { shellPageStrings } from '../i18n/pages/en';
import styles from './pwa.module.css';

/** /downloads: the lessons this person saved for offline watching, the space they take, and Remove. */
export default function DownloadsPage() {
  const t = useStrings(shellPageStrings);
  useDocumentTitle(t('downloads.title'));
  const { ready, items, usage, quota, notice } = useDownloads();
  // offline with nobody signed in (the app reopened without a connection): the person last signed in here
  const { user: offlineUser } = useOfflineUser();
  // the list is in the offline stores, which load once the page's first content is shown: this is it
  if (!ready) return <PageLoading holdsFirstContent={false} />;
  const saved = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section className={styles.page} aria-labelledby="downloads-title">
      <h1 id="downloads-title">{t('downloads.title')}</h1>
      <p className={styles.usage} data-testid="downloads-usage">
        {t('downloads.usage', { count: items.length, max: DOWNLOADS_MAX, size: formatFileSize(saved) })}
        {usage !== undefined && quota
          ? ` · ${t('downloads.device', { used: formatFileSize(usage), quota: formatFileSize(quota) })}`
          : ''}
      </p>
      {offlineUser ? (
        <p data-testid="downloads-offline-owner">
          {t('downloads.offlineOwner', { name: offlineUser.name ?? offlineUser.email })}
        </p>
      ) : null}
      {notice ? (
        <Alert tone="warning" onDismiss={() => void downloads.dismissNotice()}>
          {notice}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <p>
          {withPart(t('downloads.empty'), 'action', <strong>{t('downloads.emptyAction')}</strong>)}{' '}
          <Link to="/browse">{t('downloads.browse')}</Link>
        </p>
      ) : (
        <ul className={styles.list}>
          {items.map((item) => (
            <li key={item.id} className={styles.item} data-testid="download-item">
              <div className={styles.itemText}>
                <p className={styles.itemTitle}>
                  <Link to={item.pagePath}>{item.title}</Link>
                </p>
                <p className={styles.itemMeta}>
                  {t('downloads.itemMeta', {
                    size: formatFileSize(item.bytes),
                    date: formatDate(item.savedAt),
                  })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void downloads.remove(item.id)}
                aria-label={t('downloads.removeLabel', { title: item.title })}
              >
                {t('downloads.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
