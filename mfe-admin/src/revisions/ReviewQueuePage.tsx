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
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { AdminTable } from '../common/AdminListView';
import { useFlash } from '../common/flash';
import { formatDateTime } from '../common/formatDateTime';

/** /admin/reviews-queue: creators' drafts waiting for an admin, oldest first, each opening its difference. */
export function ReviewQueuePage() {
  useDocumentTitle('Review queue');
  const [flash, setFlash] = useFlash();
  const queue = useApiData(api.reviewQueue.queue);
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Review queue</h1>
          <p className={styles.subtitle}>
            Creators’ drafts submitted for review: approve to publish them, or send them back with a reason.
          </p>
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to="/admin">
            Back to Dashboard
          </Link>
        </div>
      </header>
      {flash ? (
        <Alert tone="success" onDismiss={() => setFlash(null)} reveal>
          {flash}
        </Alert>
      ) : null}
      {queue.isLoading && !queue.data ? <Spinner message="Loading the review queue..." /> : null}
      {queue.error ? (
        <ErrorScreen
          message={`Failed to load the review queue: ${queue.error.message}`}
          onRetry={queue.reload}
          retryLabel="Try Again"
        />
      ) : null}
      {queue.data?.length === 0 ? <p className={styles.empty}>Nothing is waiting for review.</p> : null}
      {queue.data && queue.data.length > 0 ? (
        <AdminTable<ReviewQueueItem>
          rows={queue.data}
          rowKey={(item) => item.revision.id}
          rowTestId="review-queue-row"
          columns={[
            { label: 'Product', cell: (item) => <strong>{item.product.title}</strong> },
            { label: 'Creator', cell: (item) => item.creator.name },
            {
              label: 'Revision',
              cell: (item) => (
                <span className={styles.actions}>
                  #{item.revision.number}
                  {item.product.isPublished ? <Badge tone="success">Published</Badge> : <Badge>New</Badge>}
                </span>
              ),
            },
            {
              label: 'Submitted',
              cell: (item) => formatDateTime(item.revision.submittedAt),
              muted: true,
            },
            {
              label: 'Actions',
              cell: (item) => (
                <Link
                  className={buttonClassName('secondary', 'sm')}
                  to={`/admin/reviews-queue/${item.revision.id}`}
                  aria-label={`Review ${item.product.title}`}
                >
                  Review
                </Link>
              ),
            },
          ]}
        />
      ) : null}
    </section>
  );
}
