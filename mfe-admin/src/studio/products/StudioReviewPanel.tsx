import { useEffect, useId, useState } from 'react';
import type { RevisionSummary } from '@catalyst/contracts';
import { Alert, api, Badge, Button, Spinner, useApiData } from '@catalyst/web-kit';
import styles from '../../common/Admin.module.css';
import { AdminTable } from '../../common/AdminListView';
import { formatDateTime } from '../../common/formatDateTime';
import { ReviewStatusBadge } from './ReviewStatusBadge';

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * A studio product's review: where its draft stands (and why it came back), Submit for review, and the
 * history of its drafts. `saves` counts the drafts saved on the page since it opened: each reads it again.
 */
export function StudioReviewPanel({ productId, saves }: { productId: string; saves: number }) {
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
      setNotice(result.message ?? 'Submitted for review');
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
      <h2 id={headingId}>Review</h2>
      {product.error ? (
        <Alert tone="danger">{`Failed to load the review: ${product.error.message}`}</Alert>
      ) : null}
      {!product.data && !product.error ? <Spinner message="Loading review..." /> : null}
      {product.data ? (
        <>
          <p className={styles.actions} data-testid="review-status">
            Status: {status ? <ReviewStatusBadge status={status} /> : null}
            {product.data.isPublished ? (
              <Badge tone="success">Published</Badge>
            ) : (
              <Badge>Not published</Badge>
            )}
          </p>
          {status === 'changes_requested' && product.data.reason ? (
            <Alert tone="warning" title="Changes requested">
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
            {status === 'in_review'
              ? 'An admin is reviewing your last submitted draft. You can keep editing; submit again once it is decided.'
              : 'Submitting sends your last saved draft to an admin. The live product changes only when it is approved.'}
          </p>
          <div>
            <Button
              onClick={() => void submit()}
              loading={submitting}
              disabled={status === 'in_review' || status === 'approved'}
            >
              Submit for review
            </Button>
          </div>
        </>
      ) : null}
      <h2 id={historyId}>Revision history</h2>
      {revisions.error ? (
        <Alert tone="danger">{`Failed to load the revisions: ${revisions.error.message}`}</Alert>
      ) : null}
      {revisions.data?.length === 0 ? <p className={styles.empty}>No drafts saved yet.</p> : null}
      {revisions.data && revisions.data.length > 0 ? (
        <AdminTable<RevisionSummary>
          rows={revisions.data}
          rowKey={(revision) => revision.id}
          rowTestId="revision-row"
          columns={[
            { label: 'Revision', cell: (revision) => `#${revision.number}` },
            { label: 'Status', cell: (revision) => <ReviewStatusBadge status={revision.status} /> },
            { label: 'Saved by', cell: (revision) => revision.authorName },
            { label: 'Saved', cell: (revision) => formatDateTime(revision.createdAt), muted: true },
            { label: 'Reason', cell: (revision) => revision.reason ?? '' },
          ]}
        />
      ) : null}
    </section>
  );
}
