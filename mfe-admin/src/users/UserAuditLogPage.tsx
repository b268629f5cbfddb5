import { useState } from 'react';
import { readAuditDetail, type AdminAuditEntry, type AdminUserAction, type Page } from '@catalyst/contracts';
import { api, pageCount, Pager, useStrings } from '@catalyst/web-kit';
import { AdminListView } from '../common/AdminListView';
import { formatDateTime } from '../common/formatDateTime';
import { useAdminList } from '../common/useAdminList';
import { adminStrings, type AdminKey } from '../i18n/en';
import { UsersNav } from './UsersNav';
import own from './Users.module.css';

export const USER_AUDIT_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<AdminAuditEntry>).items;
/** What the log says each action did (packages/contracts' labels in English). */
const LOGGED_KEYS = {
  'resend-verification': 'users.logged.resend-verification',
  'revoke-sessions': 'users.logged.revoke-sessions',
  deactivate: 'users.logged.deactivate',
  reactivate: 'users.logged.reactivate',
} as const satisfies Record<AdminUserAction, AdminKey>;

/** /admin/users/audit: every admin action on an account, newest first: when, what, by whom, on whom. */
export function UserAuditLogPage() {
  const t = useStrings(adminStrings);
  /** A stored detail said from its values in the page's language; one of no known shape as it was stored. */
  const detailText = (detail: string | null): string => {
    const values = detail === null ? null : readAuditDetail(detail);
    if (!values) return detail ?? '';
    return values.kind === 'sessionsEnded'
      ? t('users.detailSessionsEnded', { count: values.count })
      : t('users.detailSentTo', { email: values.email });
  };
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
      title={t('users.auditTitle')}
      subtitle={t('users.auditSubtitle')}
      loadingMessage={t('users.auditLoading')}
      loadFailure={t('users.auditFailed')}
      emptyMessage={t('users.auditEmpty')}
      toolbar={
        <div className={own.toolbar}>
          <UsersNav />
        </div>
      }
      footer={<Pager label={t('users.auditPages')} page={page} pages={pageCount(answer)} onPage={setPage} />}
      rowTestId="user-audit-row"
      columns={[
        {
          label: t('users.when'),
          cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
          muted: true,
        },
        { label: t('users.action'), cell: (entry) => t(LOGGED_KEYS[entry.action]) },
        {
          label: t('users.account'),
          cell: (entry) => (
            <span className={own.email}>
              {t('users.nameEmail', { name: entry.target.name, email: entry.target.email })}
            </span>
          ),
        },
        { label: t('users.admin'), cell: (entry) => entry.admin.name },
        { label: t('users.detail'), cell: (entry) => detailText(entry.detail), muted: true },
      ]}
    />
  );
}
