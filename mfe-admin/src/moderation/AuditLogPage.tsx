import { useState } from 'react';
import type { ModerationEntry, Page } from '@catalyst/contracts';
import { api, pageCount, Pager } from '@catalyst/web-kit';
import { AdminListView } from '../common/AdminListView';
import { formatDateTime } from '../common/formatDateTime';
import { useAdminList } from '../common/useAdminList';
import { ModerationNav } from './ModerationNav';
import { AUDIT_ACTION_LABELS } from './moderationActions';
import { ThreadLink } from './ThreadLink';
import own from './Moderation.module.css';

export const AUDIT_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<ModerationEntry>).items;

/** /admin/community/audit: every moderation action, newest first: what, who, why, when and on which thread. */
export function AuditLogPage() {
  const [page, setPage] = useState(1);
  const list = useAdminList<ModerationEntry>({
    read: api.moderation.auditLog,
    input: { query: { page, limit: AUDIT_PAGE_SIZE } },
    pick: pickRows,
  });
  const answer = list.data as Page<ModerationEntry> | undefined;

  return (
    <AdminListView
      list={list}
      title="Moderation audit log"
      subtitle="Every moderation action, newest first. Hidden and deleted posts are kept, so nothing here is lost."
      loadingMessage="Loading the audit log..."
      loadFailure="Failed to load the audit log"
      emptyMessage="No moderation actions yet."
      toolbar={
        <div className={own.toolbar}>
          <ModerationNav />
        </div>
      }
      footer={<Pager label="Audit log pages" page={page} pages={pageCount(answer)} onPage={setPage} />}
      rowTestId="audit-row"
      columns={[
        {
          label: 'When',
          cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
          muted: true,
        },
        { label: 'Action', cell: (entry) => AUDIT_ACTION_LABELS[entry.action] },
        { label: 'Moderator', cell: (entry) => entry.moderator.name },
        {
          label: 'Reason',
          cell: (entry) =>
            entry.reason ? (
              <span className={own.reason}>{entry.reason}</span>
            ) : (
              <span className={own.meta}>No reason given</span>
            ),
        },
        {
          label: 'Thread',
          cell: (entry) => (
            <ThreadLink
              entry={{ title: entry.threadTitle, productId: entry.productId, lessonId: entry.lessonId }}
            />
          ),
        },
      ]}
    />
  );
}
