import { useState } from 'react';
import { ADMIN_USER_ACTION_LABELS, type AdminAuditEntry, type Page } from '@catalyst/contracts';
import { api, pageCount, Pager } from '@catalyst/web-kit';
import { AdminListView } from '../common/AdminListView';
import { formatDateTime } from '../common/formatDateTime';
import { useAdminList } from '../common/useAdminList';
import { UsersNav } from './UsersNav';
import own from './Users.module.css';

export const USER_AUDIT_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminAuditEntry>).items;

/** /admin/users/audit: every admin action on an account, newest first: when, what, by whom, on whom. */
export function UserAuditLogPage() {
  const [page, setPage] = useState(1);
  const list = useAdminList<AdminAuditEntry>({
    read: api.adminUser.auditLog,
    input: { query: { page, limit: USER_AUDIT_PAGE_SIZE } },
    pick: pickRows,
  });
  const answer = list.data as Page<AdminAuditEntry> | undefined;

  return (
    <AdminListView
      list={list}
      title="Account audit log"
      subtitle="Every action an admin took on an account, newest first."
      loadingMessage="Loading the audit log..."
      loadFailure="Failed to load the audit log"
      emptyMessage="No admin actions on accounts yet."
      toolbar={
        <div className={own.toolbar}>
          <UsersNav />
        </div>
      }
      footer={<Pager label="Audit log pages" page={page} pages={pageCount(answer)} onPage={setPage} />}
      rowTestId="user-audit-row"
      columns={[
        {
          label: 'When',
          cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
          muted: true,
        },
        { label: 'Action', cell: (entry) => ADMIN_USER_ACTION_LABELS[entry.action] },
        {
          label: 'Account',
          cell: (entry) => (
            <span className={own.email}>
              {entry.target.name} ({entry.target.email})
            </span>
          ),
        },
        { label: 'Admin', cell: (entry) => entry.admin.name },
        { label: 'Detail', cell: (entry) => entry.detail ?? '', muted: true },
      ]}
    />
  );
}
