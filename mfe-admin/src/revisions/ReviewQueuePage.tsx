import { Link } from 'react-router-dom';
import type { ReviewQueueItem } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  buttonClassName,
  ErrorScreen,
  Spinner,
  useApiData,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminTable } from '../common/AdminListView';
import { useFlash } from '../common/flash';
import { formatDateTime } from '../common/formatDateTime';
import { consoleStrings } from '../i18n/console/en';

/** /admin/reviews-queue: creators' drafts waiting for an admin, oldest first, each opening its difference. */
export function ReviewQueuePage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('revisions.queue.title'));
  const [flash, setFlash] = useFlash();
  const queue = useApiData(api.reviewQueue.queue);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('revisions.queue.title')}</h1>
          <p className={styles.subtitle}>{t('revisions.queue.subtitle')}</p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            {t('revisions.queue.back')}
          </Link>
        </div>
      </header>
      {flash ? (
        <Alert tone="success" onDismiss={() => setFlash(null)} reveal>
          {flash}
        </Alert>
      ) : null}
      {queue.isLoading && !queue.data ? <Spinner message={t('revisions.queue.loading')} /> : null}
      {queue.error ? (
        <ErrorScreen
          message={t('revisions.queue.failed', { message: queue.error.message })}
          onRetry={queue.reload}
          retryLabel={t('revisions.tryAgain')}
        />
      ) : null}
      {queue.data?.length === 0 ? <p className={styles.empty}>{t('revisions.queue.empty')}</p> : null}
      {queue.data && queue.data.length > 0 ? (
        <AdminTable<ReviewQueueItem>
          rows={queue.data}
          rowKey={(item) => item.revision.id}
          rowTestId="review-queue-row"
          columns={[
            { label: t('revisions.queue.product'), cell: (item) => <strong>{item.product.title}</strong> },
            { label: t('revisions.queue.creator'), cell: (item) => item.creator.name },
            {
              label: t('revisions.queue.revision'),
              cell: (item) => (
                <span className={styles.actions}>
                  #{item.revision.number}
                  {item.product.isPublished ? (
                    <Badge tone="success">{t('revisions.queue.published')}</Badge>
                  ) : (
                    <Badge>{t('revisions.queue.new')}</Badge>
                  )}
                </span>
              ),
            },
            {
              label: t('revisions.queue.submitted'),
              cell: (item) => formatDateTime(item.revision.submittedAt),
              muted: true,
            },
            {
              label: t('revisions.queue.actions'),
              cell: (item) => (
                <Link
                  className={buttonClassName('secondary', 'sm')}
                  to={`/admin/reviews-queue/${item.revision.id}`}
                  aria-label={t('revisions.queue.reviewLabel', { title: item.product.title })}
                >
                  {t('revisions.queue.review')}
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
