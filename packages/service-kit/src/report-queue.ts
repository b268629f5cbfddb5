import type { Kysely, Selectable, Transaction } from 'kysely';

/**
 * The moderation queue's reads, for every table people can report (community's posts, content's reviews):
 * each such table keeps `open_reports`, `report_count` and `last_reported_at` on the reported row, and its
 * reports in a table of their own with the reported row's id in `subjectColumn`, a `status` and `created_at`.
 */
interface ReportedColumns {
  id: string;
  open_reports: number;
  report_count: number;
  last_reported_at: Date | null;
}
interface ReportColumns {
  id: string;
  subject: string;
  status: string;
  created_at: Date;
}
/** The shape both reads see, whatever the tables are called. */
type Reportable = Kysely<{ reported: ReportedColumns; reports: ReportColumns }>;
const asReportable = <DB>(db: Kysely<DB> | Transaction<DB>) => db as unknown as Reportable;

/** A page of reported rows: open ones most reported first, resolved ones latest first (each by its own index). */
export async function reportQueue<DB, T extends keyof DB & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  { status, page, limit }: { status: 'open' | 'resolved'; page: number; limit: number },
): Promise<{ rows: Selectable<DB[T]>[]; total: number }> {
  const base = asReportable(db).selectFrom(table as unknown as 'reported');
  const filtered =
    status === 'open'
      ? base.where('open_reports', '>', 0)
      : base.where('report_count', '>', 0).where('open_reports', '=', 0);
  const ordered =
    status === 'open'
      ? filtered.orderBy('open_reports', 'desc').orderBy('last_reported_at', 'desc').orderBy('id')
      : filtered.orderBy('last_reported_at', 'desc').orderBy('id');
  const [rows, count] = await Promise.all([
    ordered
      .selectAll()
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows as unknown as Selectable<DB[T]>[], total: Number(count.count) };
}

/** The reports of these rows (only the open ones when asked), oldest first. */
export async function reportsOf<DB, T extends keyof DB & string>(
  db: Kysely<DB> | Transaction<DB>,
  table: T,
  subjectColumn: string,
  subjectIds: string[],
  onlyOpen: boolean,
): Promise<Selectable<DB[T]>[]> {
  if (subjectIds.length === 0) return [];
  let query = asReportable(db)
    .selectFrom(table as unknown as 'reports')
    .selectAll()
    .where(subjectColumn as 'subject', 'in', subjectIds);
  if (onlyOpen) query = query.where('status', '=', 'open');
  const rows = await query.orderBy('created_at').orderBy('id').execute();
  return rows as unknown as Selectable<DB[T]>[];
}
