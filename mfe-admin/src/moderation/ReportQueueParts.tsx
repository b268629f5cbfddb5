import { useState } from 'react';
import { REPORT_REASON_LABELS, type ReportReason } from '@catalyst/contracts';
import { formatCount, formatDate, useStrings } from '@catalyst/web-kit';
import { SelectField } from '../common/FormControls';
import { ModerationNav } from './ModerationNav';
import own from './Moderation.module.css';
import { consoleStrings } from '../i18n/console/en';

/** The reports queue's two lists, reported posts' and reviews' alike. */
export type ReportStatus = 'open' | 'resolved';
export const REPORTS_PAGE_SIZE = 20;
/** The reason field's label in English (its tests find the field by it); a page shows t('moderation.reason'). */
export const MODERATION_REASON_LABEL = consoleStrings.english['moderation.reason'];

/** The moderation area's views and the queue's Open / Resolved choice (a new choice starts at page 1). */
export function ReportQueueToolbar({
  status,
  onStatus,
}: {
  status: ReportStatus;
  onStatus: (status: ReportStatus) => void;
}) {
  const t = useStrings(consoleStrings);
  return (
    <div className={own.toolbar}>
      <ModerationNav />
      <SelectField
        label={t('moderation.nav.reports')}
        name="status"
        value={status}
        options={[
          { value: 'open', label: t('moderation.open') },
          { value: 'resolved', label: t('moderation.resolved') },
        ]}
        onChange={(event) => onStatus(event.target.value as ReportStatus)}
      />
    </div>
  );
}

/**
 * What both queues' pages keep: the Open / Resolved choice and the page (a new choice starts at page 1), the
 * toolbar that sets them, and the empty list's words for the choice.
 */
export function useReportQueue() {
  const t = useStrings(consoleStrings);
  const [status, setStatus] = useState<ReportStatus>('open');
  const [page, setPage] = useState(1);
  const toolbar = (
    <ReportQueueToolbar
      status={status}
      onStatus={(next) => {
        setStatus(next);
        setPage(1);
      }}
    />
  );
  const emptyMessage = t(status === 'open' ? 'moderation.noOpen' : 'moderation.noResolved');
  return { status, page, setPage, toolbar, emptyMessage };
}

/** How many reports, then each report's reason, reporter, date and note. */
export function ReportsCell({
  reportCount,
  reports,
}: {
  reportCount: number;
  reports: {
    reason: ReportReason;
    note: string | null;
    reporter: { _id: string; name: string };
    createdAt: string;
  }[];
}) {
  const t = useStrings(consoleStrings);
  return (
    <>
      <strong>{t('moderation.reportCount', { count: reportCount, shown: formatCount(reportCount) })}</strong>
      <ul className={own.reports}>
        {reports.map((report, index) => (
          <li key={`${report.reporter._id}-${index}`}>
            {REPORT_REASON_LABELS[report.reason]}{' '}
            <span className={own.meta}>
              {t('moderation.reportBy', { name: report.reporter.name, date: formatDate(report.createdAt) })}
            </span>
            {report.note ? <q className={own.note}>{report.note}</q> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
