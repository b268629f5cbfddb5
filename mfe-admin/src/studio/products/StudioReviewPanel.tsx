import { useEffect, useId, useState } from 'react';
import type { RevisionSummary } from '@catalyst/contracts';
import { Alert, api, Badge, Button, Spinner, useApiData, useStrings } from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { AdminTable } from '../../common/AdminListView';
import { formatDateTime } from '../../common/formatDateTime';
import { ReviewStatusBadge } from './ReviewStatusBadge';
import { consoleStrings } from '../../i18n/console/en';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A studio product's review: where its draft stands (and why it came back), Submit for review, and the
 * history of its drafts. `saves` counts the drafts saved on the page since it opened: each reads it again.
 */
export function StudioReviewPanel({ productId, saves }: { productId: string; saves: number }) {
  const t = useStrings(consoleStrings);
  const headingId = useId();
  const historyId = useId();
  const product = useApiData(api.studio.get, { params: { id: productId } });
  const revisions = useApiData(api.studio.revisions, { params: { id: productId } });
  const [submitting, setSubmitting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { reload: reloadProduct } = product;
  const { reload: reloadRevisions } = revisions;
  useEffect(() => {
    if (saves === 0) return;
    reloadProduct();
    reloadRevisions();
  }, [saves, reloadProduct, reloadRevisions]);

  async function submit() {
    setSubmitting(true);
    setNotice(null);
    setFailure(null);
    try {
      const result = await api.studio.submit.request({ params: { id: productId } });
      setNotice(result.message ?? t('studio.review.submitted'));
    } catch (error) {
      setFailure(errorText(error));
    } finally {
      setSubmitting(false);
      reloadProduct();
      reloadRevisions();
    }
  }

  const status = product.data?.reviewStatus;
  return (
    <section className={styles.page} aria-labelledby={headingId} data-testid="studio-review">
      <h2 id={headingId}>{t('revisions.review.title')}</h2>
      {product.error ? (
        <Alert tone="danger">{t('studio.review.failed', { message: product.error.message })}</Alert>
      ) : null}
      {!product.data && !product.error ? <Spinner message={t('studio.review.loading')} /> : null}
      {product.data ? (
        <>
          <p className={styles.actions} data-testid="review-status">
            {t('revisions.review.status')} {status ? <ReviewStatusBadge status={status} /> : null}
            {product.data.isPublished ? (
              <Badge tone="success">{t('revisions.queue.published')}</Badge>
            ) : (
              <Badge>{t('studio.review.notPublished')}</Badge>
            )}
          </p>
          {status === 'changes_requested' && product.data.reason ? (
            <Alert tone="warning" title={t('studio.status.changesRequested')}>
              {product.data.reason}
            </Alert>
          ) : null}
          {notice ? <Alert tone="success">{notice}</Alert> : null}
          {failure ? (
            <Alert tone="danger" reveal>
              {failure}
            </Alert>
          ) : null}
          <p className={styles.subtitle}>
            {t(status === 'in_review' ? 'studio.review.inReview' : 'studio.review.howItWorks')}
          </p>
          <div>
            <Button
              onClick={() => void submit()}
              loading={submitting}
              disabled={status === 'in_review' || status === 'approved'}
            >
              {t('studio.review.submit')}
            </Button>
          </div>
        </>
      ) : null}
      <h2 id={historyId}>{t('studio.review.history')}</h2>
      {revisions.error ? (
        <Alert tone="danger">
          {t('studio.review.revisionsFailed', { message: revisions.error.message })}
        </Alert>
      ) : null}
      {revisions.data?.length === 0 ? <p className={styles.empty}>{t('studio.review.noDrafts')}</p> : null}
      {revisions.data && revisions.data.length > 0 ? (
        <AdminTable<RevisionSummary>
          rows={revisions.data}
          rowKey={(revision) => revision.id}
          rowTestId="revision-row"
          columns={[
            { label: t('revisions.queue.revision'), cell: (revision) => `#${revision.number}` },
            {
              label: t('royalties.status'),
              cell: (revision) => <ReviewStatusBadge status={revision.status} />,
            },
            { label: t('studio.review.savedBy'), cell: (revision) => revision.authorName },
            {
              label: t('studio.review.saved'),
              cell: (revision) => formatDateTime(revision.createdAt),
              muted: true,
            },
            { label: t('moderation.audit.reason'), cell: (revision) => revision.reason ?? '' },
          ]}
        />
      ) : null}
    </section>
  );
}
