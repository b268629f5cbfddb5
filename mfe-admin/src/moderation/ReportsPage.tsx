import { useRef, useState } from 'react';
import type { Page, ReportedPost } from '@catalyst/contracts';
import { api, Badge, Button, formatDate, pageCount, Pager, useStrings } from '@catalyst/web-kit';
import { AdminListView } from '../common/AdminListView';
import { ReasonDialog } from '../common/ReasonDialog';
import { useAdminList } from '../common/useAdminList';
import { validateModerationReason } from '../forms/reasons';
import { MODERATION_REASON_LABEL, REPORTS_PAGE_SIZE, useReportQueue, ReportsCell } from './ReportQueueParts';
import {
  applyAnswer,
  asReportRow,
  ROW_ACTION_ORDER,
  ROW_ACTIONS,
  type ActionAnswer,
  type ReportRow,
  type RowAction,
} from './moderationActions';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { PostStatusBadge, ThreadLink } from './ThreadLink';
import own from './Moderation.module.css';
import { consoleStrings } from '../i18n/console/en';

export { MODERATION_REASON_LABEL, REPORTS_PAGE_SIZE };
const pickRows = (data: unknown) => (data as Page<ReportedPost>).items.map(asReportRow);

/** /admin/community: reported posts, most reported first; hide, restore, delete, dismiss or lock, each with a reason. */
export function ReportsPage() {
  const t = useStrings(consoleStrings);
  const { status, page, setPage, toolbar, emptyMessage } = useReportQueue();
  const [pending, setPending] = useState<{ action: RowAction; row: ReportRow } | null>(null);
  /** The row whose thread link takes focus when the dialog closes over a row whose button is gone. */
  const focusAfterDialog = useRef<string | null>(null);
  const query = { status, page, limit: REPORTS_PAGE_SIZE };

  const list = useAdminList<ReportRow>({
    read: api.moderation.reports,
    input: { query },
    pick: pickRows,
  });
  const answer = list.data as Page<ReportedPost> | undefined;

  /**
   * The rows an action touched, as the server now has them: the answer at once, then the page read again
   * for the reports' state (a row no longer under this filter moved to the other one).
   */
  async function refreshRows(answer: ActionAnswer) {
    const touched = list.items
      .map((row) => ({ before: row, after: applyAnswer(row, answer) }))
      .filter(({ before, after }) => before !== after);
    for (const { after } of touched) list.replace(after);
    try {
      const fresh = new Map(
        (await api.moderation.reports({ query })).items.map((item) => [item.post._id, item]),
      );
      for (const { after } of touched) {
        const now = fresh.get(after._id);
        list.replace(now ? asReportRow(now) : { ...after, status: status === 'open' ? 'resolved' : 'open' });
      }
    } catch {
      // The answer is applied; the reports' state shows on the next read.
    }
  }

  const spec = pending ? ROW_ACTIONS[pending.action] : null;

  const footer = (
    <>
      <Pager label={t('moderation.reportPages')} page={page} pages={pageCount(answer)} onPage={setPage} />
      <ReasonDialog
        subject={pending ? `${pending.action}:${pending.row._id}` : null}
        title={spec ? t(spec.title) : ''}
        reasonLabel={spec?.asksReason ? t('moderation.reason') : undefined}
        confirmLabel={spec ? t(spec.confirm) : ''}
        confirmVariant={spec?.variant}
        validate={validateModerationReason}
        submit={async (reason) => {
          if (!pending || !spec) return;
          const { answer, message } = await spec.send(pending.row, reason);
          focusAfterDialog.current = pending.row._id;
          setPending(null);
          list.showFlash(message ?? t(spec.done));
          void refreshRows(answer);
        }}
        onCancel={() => setPending(null)}
      >
        {pending && spec ? <p>{spec.question(pending.row, t)}</p> : null}
      </ReasonDialog>
    </>
  );

  return (
    <AdminListView
      list={list}
      title={t('moderation.posts.title')}
      subtitle={t('moderation.posts.subtitle')}
      loadingMessage={t('moderation.loading')}
      loadFailure={t('moderation.loadFailed')}
      emptyMessage={emptyMessage}
      toolbar={toolbar}
      footer={footer}
      rowTestId="report-row"
      columns={[
        {
          label: t('moderation.posts.post'),
          cell: (row) => (
            <div className={own.post}>
              <ThreadLink
                entry={{
                  title: row.thread.title,
                  productId: row.thread.productId,
                  lessonId: row.thread.lessonId,
                }}
                focusWhen={() => {
                  if (focusAfterDialog.current !== row._id) return false;
                  focusAfterDialog.current = null;
                  return true;
                }}
              />
              {/* Rendered by the community service (admins see hidden and deleted text too). */}
              {row.post.bodyHtml ? (
                <SafeHtml source="ugc" className={own.body} html={row.post.bodyHtml} testId="post-body" />
              ) : (
                <p className={own.meta}>{t('moderation.noText')}</p>
              )}
              <p className={own.meta}>
                {t(row.post.isOpening ? 'moderation.posts.openingBy' : 'moderation.posts.replyBy')}{' '}
                <strong>{row.post.author.name}</strong> {t('moderation.on')} {formatDate(row.post.createdAt)}
              </p>
              <div className={own.badges}>
                <PostStatusBadge status={row.post.status} />
                {row.thread.locked ? <Badge tone="warning">{t('moderation.posts.locked')}</Badge> : null}
              </div>
            </div>
          ),
        },
        {
          label: t('moderation.nav.reports'),
          cell: (row) => <ReportsCell reportCount={row.reportCount} reports={row.reports} />,
        },
        {
          label: t('moderation.posts.status'),
          cell: (row) =>
            row.status === 'open' ? (
              <Badge tone="warning">{t('moderation.open')}</Badge>
            ) : (
              <Badge tone="success">{t('moderation.resolved')}</Badge>
            ),
        },
        {
          label: t('moderation.actions'),
          cell: (row) => (
            <div className={own.actions}>
              {ROW_ACTION_ORDER.filter((action) => ROW_ACTIONS[action].offered(row)).map((action) => (
                <Button
                  key={action}
                  size="sm"
                  variant={action === 'delete' ? 'danger' : 'secondary'}
                  aria-haspopup="dialog"
                  aria-label={t('moderation.posts.actionLabel', {
                    action: t(ROW_ACTIONS[action].label),
                    name: row.post.author.name,
                    title: row.thread.title,
                  })}
                  onClick={() => setPending({ action, row })}
                >
                  {t(ROW_ACTIONS[action].label)}
                </Button>
              ))}
            </div>
          ),
        },
      ]}
    />
  );
}
