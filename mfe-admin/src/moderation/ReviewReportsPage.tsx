import { useState } from 'react';
import type { Page, ReportedReview } from '@catalyst/contracts';
import { api, Badge, Button, formatDate, pageCount, Pager } from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { AdminListView } from '../common/AdminListView';
import { ReasonDialog } from '../common/ReasonDialog';
import { useAdminList } from '../common/useAdminList';
import { validateModerationReason } from '../forms/reasons';
import { MODERATION_REASON_LABEL, REPORTS_PAGE_SIZE, useReportQueue, ReportsCell } from './ReportQueueParts';
import own from './Moderation.module.css';

type ReviewRow = ReportedReview & { _id: string };
type ReviewAction = 'hide' | 'restore' | 'dismiss';
const pickRows = (data: unknown): ReviewRow[] =>
  (data as Page<ReportedReview>).items.map((item) => ({ ...item, _id: item.review._id }));

/** What each action on a reported review asks, sends and says. */
const ACTIONS: Record<
  ReviewAction,
  { label: string; title: string; done: string; offered: (row: ReviewRow) => boolean }
> = {
  hide: {
    label: 'Hide',
    title: 'Hide this review?',
    done: 'Review hidden: it no longer shows or counts in the rating',
    offered: (row) => row.review.status === 'visible',
  },
  restore: {
    label: 'Restore',
    title: 'Show this review again?',
    done: 'Review restored',
    offered: (row) => row.review.status === 'hidden',
  },
  dismiss: {
    label: 'Dismiss reports',
    title: "Close this review's reports?",
    done: 'Reports dismissed',
    offered: (row) => row.status === 'open',
  },
};
const send = (action: ReviewAction, reviewId: string, reason: string) => {
  const input = { params: { reviewId }, body: { reason } };
  if (action === 'hide') return api.review.hide(input);
  if (action === 'restore') return api.review.restore(input);
  return api.review.dismissReports(input);
};

/** /admin/community/reviews: reported reviews, most reported first; hide, restore or dismiss, each with a reason. */
export function ReviewReportsPage() {
  const { status, page, setPage, toolbar, emptyMessage } = useReportQueue();
  const [pending, setPending] = useState<{ action: ReviewAction; row: ReviewRow } | null>(null);
  const list = useAdminList<ReviewRow>({
    read: api.review.reports,
    input: { query: { status, page, limit: REPORTS_PAGE_SIZE } },
    pick: pickRows,
  });
  const answer = list.data as Page<ReportedReview> | undefined;
  const spec = pending ? ACTIONS[pending.action] : null;

  const footer = (
    <>
      <Pager label="Report pages" page={page} pages={pageCount(answer)} onPage={setPage} />
      <ReasonDialog
        subject={pending ? `${pending.action}:${pending.row._id}` : null}
        title={spec?.title ?? ''}
        reasonLabel={MODERATION_REASON_LABEL}
        confirmLabel={spec?.label ?? ''}
        validate={validateModerationReason}
        submit={async (reason) => {
          if (!pending || !spec) return;
          await send(pending.action, pending.row._id, reason);
          setPending(null);
          list.showFlash(spec.done);
          list.reload();
        }}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            The review by {pending.row.review.author.name} of “{pending.row.product.title}”.
          </p>
        ) : null}
      </ReasonDialog>
    </>
  );

  return (
    <AdminListView
      list={list}
      title="Review moderation"
      subtitle="Reviews people reported, most reported first. Every action asks for a reason and is kept."
      loadingMessage="Loading reports..."
      loadFailure="Failed to load reports"
      emptyMessage={emptyMessage}
      toolbar={toolbar}
      footer={footer}
      rowTestId="review-report-row"
      columns={[
        {
          label: 'Review',
          cell: (row) => (
            <div className={own.post}>
              <strong>{row.product.title}</strong>
              <p className={own.meta}>
                {row.review.rating} out of 5 stars by <strong>{row.review.author.name}</strong> on{' '}
                {formatDate(row.review.createdAt)}
              </p>
              {row.review.bodyHtml ? (
                <SafeHtml source="ugc" className={own.body} html={row.review.bodyHtml} testId="review-body" />
              ) : (
                <p className={own.meta}>(no text)</p>
              )}
              {row.review.status === 'hidden' ? <Badge tone="danger">Hidden</Badge> : null}
            </div>
          ),
        },
        {
          label: 'Reports',
          cell: (row) => <ReportsCell reportCount={row.reportCount} reports={row.reports} />,
        },
        {
          label: 'Actions',
          cell: (row) => (
            <div className={own.actions}>
              {(Object.keys(ACTIONS) as ReviewAction[])
                .filter((action) => ACTIONS[action].offered(row))
                .map((action) => (
                  <Button
                    key={action}
                    size="sm"
                    variant="secondary"
                    aria-haspopup="dialog"
                    aria-label={`${ACTIONS[action].label}: the review by ${row.review.author.name}`}
                    onClick={() => setPending({ action, row })}
                  >
                    {ACTIONS[action].label}
                  </Button>
                ))}
            </div>
          ),
        },
      ]}
    />
  );
}
