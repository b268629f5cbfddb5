import type { TeamLearner } from '@catalyst/contracts';

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break, its quotes doubled; a leading
 * `=`, `+`, `-` or `@` gets a `'` so a spreadsheet never runs a member's name as a formula.
 */
export function csvField(value: string | number | null): string {
  let text = value === null ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

const HEADER = [
  'Name',
  'E-mail',
  'Role',
  'Seat',
  'Last active',
  'Minutes this month',
  'Courses in progress',
  'Courses finished',
  'Certificates',
];

/** The learning view's members as a CSV file (CRLF line ends, as spreadsheets expect). */
export function learningCsv(members: readonly TeamLearner[]): string {
  const rows = members.map((m) => [
    m.name,
    m.email,
    m.role,
    m.seatStatus,
    m.lastActiveAt,
    m.minutesThisMonth,
    m.inProgress,
    m.finished,
    m.certificates,
  ]);
  return [HEADER, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n';
}
