import { useState } from 'react';
import type { Page, ReportedReview } from '@catalyst/contracts';
import { api, Badge, Button, formatDate, pageCount, Pager, useStrings } from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { AdminListView } from '../common/AdminListView';
import { ReasonDialog } from '../common/ReasonDialog';
import { useAdminList } from '../common/useAdminList';
import { validateModerationReason } from '../forms/reasons';
import { REPORTS_PAGE_SIZE, useReportQueue, ReportsCell } from './ReportQueueParts';
import own from './Moderation.module.css';
import { consoleStrings, type ConsoleKey } from '../i18n/console/en';

type ReviewRow = ReportedReview & { _id: string };
type ReviewAction = 'hide' | 'restore' | 'dismiss';
const pickRows = (data: unknown): ReviewRow[] =>
  (data as Page<ReportedReview>).items.map((item) => ({ ...item, _id: item.review._id }));

/** What each action on a reported review asks, sends and says. */
const ACTIONS: Record<
  ReviewAction,
  { label: ConsoleKey; title: ConsoleKey; done: ConsoleKey; offered: (row: ReviewRow) => boolean }
> = {
  hide: {
    label: 'moderation.action.hide',
    title: 'moderation.review.hideTitle',
    done: 'moderation.review.hidden',
    offered: (row) => row.review.status === 'visible',
  },
  restore: {
    label: 'moderation.action.restore',
    title: 'moderation.review.restoreTitle',
    done: 'moderation.review.restored',
    offered: (row) => row.review.status === 'hidden',
  },
  dismiss: {
    label: 'moderation.action.dismissTitle',
    title: 'moderation.review.dismissTitle',
    done: 'moderation.action.dismissed',
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
  const t = useStrings(consoleStrings);
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
      <Pager label={t('moderation.reportPages')} page={page} pages={pageCount(answer)} onPage={setPage} />
      <ReasonDialog
        subject={pending ? `${pending.action}:${pending.row._id}` : null}
        title={spec ? t(spec.title) : ''}
        reasonLabel={t('moderation.reason')}
        confirmLabel={spec ? t(spec.label) : ''}
        validate={validateModerationReason}
        submit={async (reason) => {
          if (!pending || !spec) return;
          await send(pending.action, pending.row._id, reason);
          setPending(null);
          list.showFlash(t(spec.done));
          list.reload();
        }}
        onCancel={() => setPending(null)}
      >
        {pending ? (
          <p>
            {t('moderation.review.question', {
              name: pending.row.review.author.name,
              title: pending.row.product.title,
            })}
          </p>
        ) : null}
      </ReasonDialog>
    </>
  );

  return (
    <AdminListView
      list={list}
      title={t('moderation.review.title')}
      subtitle={t('moderation.review.subtitle')}
      loadingMessage={t('moderation.loading')}
      loadFailure={t('moderation.loadFailed')}
      emptyMessage={emptyMessage}
      toolbar={toolbar}
      footer={footer}
      rowTestId="review-report-row"
      columns={[
        {
          label: t('moderation.review.review'),
          cell: (row) => (
            <div className={own.post}>
              <strong>{row.product.title}</strong>
              <p className={own.meta}>
                {t('moderation.review.stars', { rating: row.review.rating })}{' '}
                <strong>{row.review.author.name}</strong> {t('moderation.on')}{' '}
                {formatDate(row.review.createdAt)}
              </p>
              {row.review.bodyHtml ? (
                <SafeHtml source="ugc" className={own.body} html={row.review.bodyHtml} testId="review-body" />
              ) : (
                <p className={own.meta}>{t('moderation.noText')}</p>
              )}
              {row.review.status === 'hidden' ? (
                <Badge tone="danger">{t('moderation.post.hidden')}</Badge>
              ) : null}
            </div>
          ),
        },
        {
          label: t('moderation.nav.reports'),
          cell: (row) => <ReportsCell reportCount={row.reportCount} reports={row.reports} />,
        },
        {
          label: t('moderation.actions'),
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
                    aria-label={t('moderation.review.actionLabel', {
                      action: t(ACTIONS[action].label),
                      name: row.review.author.name,
                    })}
                    onClick={() => setPending({ action, row })}
                  >
                    {t(ACTIONS[action].label)}
                  </Button>
                ))}
            </div>
          ),
        },
      ]}
    />
  );
}
