import { useState } from 'react';
import { REPORT_REASON_LABELS, type ReportReason } from '@catalyst/contracts';
import { formatDate } from '@catalyst/web-kit';
import { SelectField } from '../common/FormControls';
import { ModerationNav } from './ModerationNav';
import own from './Moderation.module.css';

/** The reports queue's two lists, reported posts' and reviews' alike. */
export type ReportStatus = 'open' | 'resolved';
export const REPORTS_PAGE_SIZE = 20;
export const MODERATION_REASON_LABEL = 'Reason (kept in the audit log)';
const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'resolved', label: 'Resolved' },
];

/** The moderation area's views and the queue's Open / Resolved choice (a new choice starts at page 1). */
export function ReportQueueToolbar({
  status,
  onStatus,
}: {
  status: ReportStatus;
  onStatus: (status: ReportStatus) => void;
}) {
  return (
    <div className={own.toolbar}>
      <ModerationNav />
      <SelectField
        label="Reports"
        name="status"
        value={status}
        options={STATUS_OPTIONS}
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
  const emptyMessage =
    status === 'open' ? 'No open reports. Nothing needs a moderator right now.' : 'No resolved reports yet.';
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
  return (
    <>
      <strong>
        {reportCount} {reportCount === 1 ? 'report' : 'reports'}
      </strong>
      <ul className={own.reports}>
        {reports.map((report, index) => (
          <li key={`${report.reporter._id}-${index}`}>
            {REPORT_REASON_LABELS[report.reason]}{' '}
            <span className={own.meta}>
              by {report.reporter.name}, {formatDate(report.createdAt)}
            </span>
            {report.note ? <q className={own.note}>{report.note}</q> : null}
          </li>
        ))}
      </ul>
    </>
  );
}
