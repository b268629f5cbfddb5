import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Follows a thread (idempotent); false when the thread does not exist. */
export async function follow(db: Db, threadId: string, userId: string): Promise<boolean> {
  const result = await sql<{ thread_id: string }>`
    insert into thread_follows (thread_id, user_id)
    select id, ${userId} from threads where id = ${threadId}
    on conflict do nothing
    returning thread_id
  `.execute(db);
  if (result.rows.length > 0) return true;
  return (
    (await db.selectFrom('threads').select('id').where('id', '=', threadId).executeTakeFirst()) !== undefined
  );
}

/** Stops following a thread (idempotent), and drops its replies still waiting to be mailed to this person. */
export async function unfollow(db: Db, threadId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('thread_follows')
      .where('thread_id', '=', threadId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('pending_notifications')
      .where('thread_id', '=', threadId)
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Everyone who follows a thread. */
export async function followersOf(db: Db, threadId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('thread_follows')
    .select('user_id')
    .where('thread_id', '=', threadId)
    .execute();
  return rows.map((row) => row.user_id);
}

/** Which of these threads the person follows (one query for a page of threads). */
export async function followingOf(db: Db, threadIds: string[], userId: string): Promise<Set<string>> {
  if (threadIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('thread_follows')
    .select('thread_id')
    .where('user_id', '=', userId)
    .where('thread_id', 'in', threadIds)
    .execute();
  return new Set(rows.map((row) => row.thread_id));
}

/** The person stops every community e-mail (until they follow a thread themselves again). */
export async function unsubscribeAll(db: Db, userId: string, now: Date): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('mail_recipients')
      .values({ user_id: userId, unsubscribed_at: now, pending_since: null })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ unsubscribed_at: now, pending_since: null }))
      .execute();
    await trx.deleteFrom('pending_notifications').where('user_id', '=', userId).execute();
  });
}

/** Following a thread on purpose takes back an earlier "stop all community e-mails". */
export async function resubscribe(db: Db, userId: string): Promise<void> {
  await db
    .updateTable('mail_recipients')
    .set({ unsubscribed_at: null })
    .where('user_id', '=', userId)
    .where('unsubscribed_at', 'is not', null)
    .execute();
}

export async function threadTitle(db: Db, threadId: string): Promise<string | null> {
  const row = await db.selectFrom('threads').select('title').where('id', '=', threadId).executeTakeFirst();
  return row?.title ?? null;
}
