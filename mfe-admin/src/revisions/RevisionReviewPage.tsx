import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { STUDIO_MESSAGES } from '@catalyst/contracts';
import {
  Alert,
  api,
  Button,
  buttonClassName,
  ErrorScreen,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { ReasonDialog } from '../common/ReasonDialog';
import { validateReturnReason } from '../forms/validation';
import { ReviewStatusBadge } from '../studio/products/ReviewStatusBadge';
import { RevisionDiff } from './RevisionDiff';

const QUEUE = '/admin/reviews-queue';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /admin/reviews-queue/:id: a creator's draft against the live product, approved (and published) or sent back. */
export function RevisionReviewPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const revision = useApiData(api.reviewQueue.revision, { params: { id } });
  const [approving, setApproving] = useState(false);
  const [returning, setReturning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = revision.data ? `Review: ${revision.data.product.title}` : 'Review';
  useDocumentTitle(title);

  async function approve() {
    setApproving(true);
    setFailure(null);
    try {
      const result = await api.reviewQueue.approve.request({ params: { id } });
      navigate(QUEUE, { state: { flash: result.message ?? STUDIO_MESSAGES.approved } });
    } catch (error) {
      setFailure(errorText(error));
      setApproving(false);
    }
  }

  const data = revision.data;
  const waiting = data?.revision.status === 'in_review';
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{title}</h1>
          {data ? (
            <p className={styles.subtitle}>
              Revision #{data.revision.number} by {data.creator.name}
              {data.revision.submittedAt ? `, submitted ${formatDateTime(data.revision.submittedAt)}` : ''}
              {data.product.isPublished ? '' : ' (not yet published)'}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to={QUEUE}>
            Back to the review queue
          </Link>
        </div>
      </header>
      {revision.isLoading && !data ? <Spinner message="Loading the revision..." /> : null}
      {revision.error ? (
        <ErrorScreen
          message={`Failed to load the revision: ${revision.error.message}`}
          onRetry={revision.reload}
          retryLabel="Try Again"
        />
      ) : null}
      {data ? (
        <>
          <p className={styles.actions}>
            Status: <ReviewStatusBadge status={data.revision.status} />
          </p>
          {failure ? (
            <Alert tone="danger" reveal>
              {failure}
            </Alert>
          ) : null}
          <RevisionDiff diff={data.diff} />
          {waiting ? (
            <div className={styles.actions}>
              <Button variant="secondary" onClick={() => setReturning(true)} disabled={approving}>
                Send back
              </Button>
              <Button onClick={() => void approve()} loading={approving}>
                Approve and publish
              </Button>
            </div>
          ) : null}
          <ReasonDialog
            subject={returning ? id : null}
            title="Send back to the creator"
            reasonLabel="What should the creator change?"
            confirmLabel="Send back"
            confirmVariant="primary"
            validate={validateReturnReason}
            submit={async (reason) => {
              const result = await api.reviewQueue.return.request({ params: { id }, body: { reason } });
              navigate(QUEUE, { state: { flash: result.message ?? STUDIO_MESSAGES.returned } });
            }}
            onCancel={() => setReturning(false)}
          >
            <p>
              The draft goes back to {data.creator.name} with your reason (shown in their studio and sent by
              e-mail). The live product does not change.
            </p>
          </ReasonDialog>
        </>
      ) : null}
    </section>
  );
}
