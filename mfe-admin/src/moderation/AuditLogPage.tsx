import { useState } from 'react';
import type { ModerationEntry, Page } from '@catalyst/contracts';
import { api, pageCount, Pager, useStrings } from '@catalyst/web-kit';
import { AdminListView } from '../common/AdminListView';
import { formatDateTime } from '../common/formatDateTime';
import { useAdminList } from '../common/useAdminList';
import { ModerationNav } from './ModerationNav';
import { AUDIT_ACTION_LABELS } from './moderationActions';
import { ThreadLink } from './ThreadLink';
import own from './Moderation.module.css';
import { consoleStrings } from '../i18n/console/en';

export const AUDIT_PAGE_SIZE = 20;
const pickRows = (data: unknown) => (data as Page<ModerationEntry>).items;

/** /admin/community/audit: every moderation action, newest first: what, who, why, when and on which thread. */
export function AuditLogPage() {
  const t = useStrings(consoleStrings);
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
      title={t('moderation.audit.title')}
      subtitle={t('moderation.audit.subtitle')}
      loadingMessage={t('moderation.audit.loading')}
      loadFailure={t('moderation.audit.loadFailed')}
      emptyMessage={t('moderation.audit.empty')}
      toolbar={
        <div className={own.toolbar}>
          <ModerationNav />
        </div>
      }
      footer={
        <Pager label={t('moderation.audit.pages')} page={page} pages={pageCount(answer)} onPage={setPage} />
      }
      rowTestId="audit-row"
      columns={[
        {
          label: t('moderation.audit.when'),
          cell: (entry) => <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt)}</time>,
          muted: true,
        },
        { label: t('moderation.audit.action'), cell: (entry) => t(AUDIT_ACTION_LABELS[entry.action]) },
        { label: t('moderation.audit.moderator'), cell: (entry) => entry.moderator.name },
        {
          label: t('moderation.audit.reason'),
          cell: (entry) =>
            entry.reason ? (
              <span className={own.reason}>{entry.reason}</span>
            ) : (
              <span className={own.meta}>{t('moderation.audit.noReason')}</span>
            ),
        },
        {
          label: t('moderation.audit.thread'),
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
