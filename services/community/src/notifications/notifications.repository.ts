import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * A new reply waits to be mailed to each follower of its thread but the one who wrote it, those who
 * stopped community e-mails and those who turned reply e-mails off; their recipient rows note that something
 * waits (one statement; rows locked in user order, so two replies queued at once cannot deadlock). Answers how
 * many were queued.
 */
export async function queueReply(
  db: Db,
  { threadId, postId, replierId, now }: { threadId: string; postId: string; replierId: string; now: Date },
): Promise<number> {
  const result = await sql<{ user_id: string }>`
    with queued as (
      insert into pending_notifications (user_id, post_id, thread_id, created_at)
      select f.user_id, ${postId}, ${threadId}, ${now}
      from thread_follows f
      where f.thread_id = ${threadId}
        and f.user_id <> ${replierId}
        and not exists (select 1 from mail_recipients r where r.user_id = f.user_id and r.unsubscribed_at is not null)
        and not exists (
          select 1 from notification_preferences p where p.user_id = f.user_id and p.type = 'reply' and not p.email
        )
      on conflict do nothing
      returning user_id
    )
    insert into mail_recipients (user_id, pending_since)
    select user_id, ${now}::timestamptz from queued order by user_id
    on conflict (user_id) do update set pending_since = coalesce(mail_recipients.pending_since, excluded.pending_since)
    returning user_id
  `.execute(db);
  return result.rows.length;
}

/**
 * Up to `limit` people with replies waiting whose last e-mail is at least `cutoff` old, locked for this
 * transaction; rows another replica is mailing are skipped, never waited for.
 */
export async function lockDueRecipients(
  trx: Transaction<Database>,
  cutoff: Date,
  limit: number,
): Promise<string[]> {
  const rows = await trx
    .selectFrom('mail_recipients')
    .select('user_id')
    .where('pending_since', 'is not', null)
    .where((eb) => eb.or([eb('last_sent_at', 'is', null), eb('last_sent_at', '<=', cutoff)]))
    .where('unsubscribed_at', 'is', null)
    .orderBy(sql`last_sent_at nulls first`)
    .limit(limit)
    .forUpdate()
    .skipLocked()
    .execute();
  return rows.map((row) => row.user_id);
}

export interface PendingReply {
  userId: string;
  postId: string;
  threadId: string;
  threadTitle: string;
  productId: string;
  lessonId: string | null;
  authorName: string;
  body: string;
  visible: boolean;
}

/** The replies waiting for these people, thread by thread, oldest first. */
export async function pendingRepliesOf(
  trx: Transaction<Database>,
  userIds: string[],
): Promise<PendingReply[]> {
  if (userIds.length === 0) return [];
  const rows = await trx
    .selectFrom('pending_notifications as p')
    .innerJoin('posts as po', 'po.id', 'p.post_id')
    .innerJoin('threads as t', 't.id', 'p.thread_id')
    .select([
      'p.user_id',
      'p.post_id',
      'p.thread_id',
      't.title',
      't.product_id',
      't.lesson_id',
      'po.author_name',
      'po.body_md',
      'po.status',
    ])
    .where('p.user_id', 'in', userIds)
    .orderBy('p.user_id')
    .orderBy('t.seq')
    .orderBy('po.seq')
    .execute();
  return rows.map((row) => ({
    userId: row.user_id,
    postId: row.post_id,
    threadId: row.thread_id,
    threadTitle: row.title,
    productId: row.product_id,
    lessonId: row.lesson_id,
    authorName: row.author_name,
    body: row.body_md,
    visible: row.status === 'visible',
  }));
}

/**
 * These replies are done with for this person (mailed, or no longer to be mailed); when `sent`, the e-mail
 * is recorded and starts their quiet interval.
 */
export async function settle(
  trx: Transaction<Database>,
  userId: string,
  postIds: string[],
  sent: { at: Date; threadCount: number; replyCount: number } | null,
): Promise<void> {
  if (postIds.length > 0)
    await trx
      .deleteFrom('pending_notifications')
      .where('user_id', '=', userId)
      .where('post_id', 'in', postIds)
      .execute();
  const left = trx
    .selectFrom('pending_notifications')
    .select((eb) => eb.fn.min('created_at').as('since'))
    .where('user_id', '=', userId);
  await trx
    .updateTable('mail_recipients')
    .set({ pending_since: left, ...(sent ? { last_sent_at: sent.at } : {}) })
    .where('user_id', '=', userId)
    .execute();
  if (sent)
    await trx
      .insertInto('notification_sends')
      .values({
        user_id: userId,
        sent_at: sent.at,
        thread_count: sent.threadCount,
        reply_count: sent.replyCount,
      })
      .execute();
}

/** The e-mails sent to one person, newest first (tests and support). */
export async function sendsOf(db: Db, userId: string) {
  return db
    .selectFrom('notification_sends')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('sent_at', 'desc')
    .execute();
}
