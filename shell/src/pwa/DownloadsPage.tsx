import { Link } from 'react-router-dom';
import {
  Alert,
  Button,
  DOWNLOADS_MAX,
  downloads,
  formatDate,
  Spinner,
  useDocumentTitle,
  useDownloads,
  useOfflineUser,
} from '@catalyst/web-kit';
import styles from './pwa.module.css';

/** 1536 → "1.5 KB", 10485760 → "10 MB". */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value >= 10 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}

/** /downloads: the lessons this person saved for offline watching, the space they take, and Remove. */
export default function DownloadsPage() {
  useDocumentTitle('Downloads');
  const { ready, items, usage, quota, notice } = useDownloads();
  // offline with nobody signed in (the app reopened without a connection): the person last signed in here
  const { user: offlineUser } = useOfflineUser();
  // the list is in the offline stores, which load once the page's first content is shown: this is it
  if (!ready) return <Spinner message="Loading..." holdsFirstContent={false} />;
  const saved = items.reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section className={styles.page} aria-labelledby="downloads-title">
      <h1 id="downloads-title">Downloads</h1>
      <p className={styles.usage} data-testid="downloads-usage">
        {items.length} of {DOWNLOADS_MAX} lessons saved · {formatBytes(saved)} used by downloads
        {usage !== undefined && quota
          ? ` · ${formatBytes(usage)} of ${formatBytes(quota)} used on this device`
          : ''}
      </p>
      {offlineUser ? (
        <p data-testid="downloads-offline-owner">
          You&rsquo;re offline: these are the lessons {offlineUser.name ?? offlineUser.email} saved on this
          device.
        </p>
      ) : null}
      {notice ? (
        <Alert tone="warning" onDismiss={() => void downloads.dismissNotice()}>
          {notice}
        </Alert>
      ) : null}
      {items.length === 0 ? (
        <p>
          Nothing saved yet. Use <strong>Download for offline</strong> on a lesson to watch it without a
          connection. <Link to="/browse">Browse</Link>
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
                  {formatBytes(item.bytes)} · saved {formatDate(item.savedAt)}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => void downloads.remove(item.id)}
                aria-label={`Remove ${item.title}`}
              >
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
