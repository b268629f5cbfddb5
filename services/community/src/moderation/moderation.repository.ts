import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PostReportRow, PostRow } from '../db/tables/posts';
import type { ThreadRow } from '../db/tables/threads';

type Db = Kysely<Database> | Transaction<Database>;

/** A page of reported posts: open ones most reported first, resolved ones latest first (each by its own index). */
export async function reportQueue(
  db: Db,
  { status, page, limit }: { status: 'open' | 'resolved'; page: number; limit: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const base = db.selectFrom('posts');
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
  return { rows, total: Number(count.count) };
}

/** The reports of these posts (only the open ones when asked), oldest first. */
export async function reportsOf(db: Db, postIds: string[], onlyOpen: boolean): Promise<PostReportRow[]> {
  if (postIds.length === 0) return [];
  let query = db.selectFrom('post_reports').selectAll().where('post_id', 'in', postIds);
  if (onlyOpen) query = query.where('status', '=', 'open');
  return query.orderBy('created_at').orderBy('id').execute();
}

export async function threadsByIds(db: Db, threadIds: string[]): Promise<Map<string, ThreadRow>> {
  if (threadIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('threads')
    .selectAll()
    .where('id', 'in', [...new Set(threadIds)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A page of the audit log, newest first, each entry with where its thread lives. */
export async function auditLog(db: Db, { page, limit }: { page: number; limit: number }) {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('moderation_log as m')
      .innerJoin('threads as t', 't.id', 'm.thread_id')
      .selectAll('m')
      .select(['t.title as thread_title', 't.product_id', 't.lesson_id'])
      .orderBy('m.seq', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('moderation_log')
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}
