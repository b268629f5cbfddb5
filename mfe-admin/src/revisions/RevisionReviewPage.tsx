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
  useStrings,
} from '@catalyst/web-kit';
import styles from '../common/Admin.module.css';
import { formatDateTime } from '../common/formatDateTime';
import { ReasonDialog } from '../common/ReasonDialog';
import { formMessageStrings, validateReturnReason } from '../forms/validation';
import { consoleStrings } from '../i18n/console/en';
import { ReviewStatusBadge } from '../studio/products/ReviewStatusBadge';
import { RevisionDiff } from './RevisionDiff';

const QUEUE = '/admin/reviews-queue';
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** /admin/reviews-queue/:id: a creator's draft against the live product, approved (and published) or sent back. */
export function RevisionReviewPage() {
  const t = useStrings(consoleStrings);
  useStrings(formMessageStrings); // the field messages, in the page's language
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const revision = useApiData(api.reviewQueue.revision, { params: { id } });
  const [approving, setApproving] = useState(false);
  const [returning, setReturning] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const title = revision.data
    ? t('revisions.review.titleOf', { title: revision.data.product.title })
    : t('revisions.review.title');
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
              {t('revisions.review.by', { number: data.revision.number, creator: data.creator.name })}
              {data.revision.submittedAt
                ? t('revisions.review.submitted', { date: formatDateTime(data.revision.submittedAt) })
                : ''}
              {data.product.isPublished ? '' : t('revisions.review.unpublished')}
            </p>
          ) : null}
        </div>
        <div className={styles.actions}>
          <Link className={buttonClassName('secondary')} to={QUEUE}>
            {t('revisions.review.back')}
          </Link>
        </div>
      </header>
      {revision.isLoading && !data ? <Spinner message={t('revisions.review.loading')} /> : null}
      {revision.error ? (
        <ErrorScreen
          message={t('revisions.review.failed', { message: revision.error.message })}
          onRetry={revision.reload}
          retryLabel={t('revisions.tryAgain')}
        />
      ) : null}
      {data ? (
        <>
          <p className={styles.actions}>
            {t('revisions.review.status')} <ReviewStatusBadge status={data.revision.status} />
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
                {t('revisions.review.sendBack')}
              </Button>
              <Button onClick={() => void approve()} loading={approving}>
                {t('revisions.review.approve')}
              </Button>
            </div>
          ) : null}
          <ReasonDialog
            subject={returning ? id : null}
            title={t('revisions.review.dialogTitle')}
            reasonLabel={t('revisions.review.reasonLabel')}
            confirmLabel={t('revisions.review.sendBack')}
            confirmVariant="primary"
            validate={validateReturnReason}
            submit={async (reason) => {
              const result = await api.reviewQueue.return.request({ params: { id }, body: { reason } });
              navigate(QUEUE, { state: { flash: result.message ?? STUDIO_MESSAGES.returned } });
            }}
            onCancel={() => setReturning(false)}
          >
            <p>{t('revisions.review.dialogText', { creator: data.creator.name })}</p>
          </ReasonDialog>
        </>
      ) : null}
    </section>
  );
}
