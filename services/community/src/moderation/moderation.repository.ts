import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { ThreadRow } from '../db/tables/threads';

type Db = Kysely<Database> | Transaction<Database>;

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
