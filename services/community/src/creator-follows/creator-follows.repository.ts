import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export async function followCreator(db: Db, creatorId: string, userId: string): Promise<void> {
  await db
    .insertInto('creator_follows')
    .values({ creator_id: creatorId, user_id: userId })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

/** Stops following, and drops that creator's news still waiting to be mailed to this person. */
export async function unfollowCreator(db: Db, creatorId: string, userId: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx
      .deleteFrom('creator_follows')
      .where('creator_id', '=', creatorId)
      .where('user_id', '=', userId)
      .execute();
    await trx
      .deleteFrom('creator_news')
      .where('creator_id', '=', creatorId)
      .where('user_id', '=', userId)
      .execute();
  });
}

/** Whether the person follows the creator, and how many people do. */
export async function followStanding(
  db: Db,
  creatorId: string,
  userId: string,
): Promise<{ following: boolean; followers: number }> {
  const row = await sql<{ followers: string; following: boolean }>`
    select count(*) as followers, coalesce(bool_or(user_id = ${userId}), false) as following
      from creator_follows where creator_id = ${creatorId}
  `.execute(db);
  return { following: row.rows[0]!.following, followers: Number(row.rows[0]!.followers) };
}

/**
 * Items published for the first time: each one new to community is queued for every follower of its creator
 * who has not stopped community e-mail (an item handed over again queues nothing). Answers the rows queued.
 */
export async function queueCreatorNews(
  db: Db,
  items: { productId: string; creatorId: string }[],
): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const fresh = await trx
      .insertInto('creator_news_items')
      .values(items.map((item) => ({ product_id: item.productId, creator_id: item.creatorId })))
      .onConflict((oc) => oc.doNothing())
      .returning(['product_id', 'creator_id'])
      .execute();
    if (fresh.length === 0) return 0;
    const queued = await sql<{ user_id: string }>`
      insert into creator_news (user_id, product_id, creator_id)
      select f.user_id, i.product_id, i.creator_id
        from creator_news_items i
        join creator_follows f on f.creator_id = i.creator_id
       where i.product_id in (${sql.join(fresh.map((row) => row.product_id))})
         and not exists (
           select 1 from mail_recipients m where m.user_id = f.user_id and m.unsubscribed_at is not null
         )
      on conflict do nothing
      returning user_id
    `.execute(trx);
    return queued.rows.length;
  });
}

export interface WaitingNews {
  userId: string;
  productId: string;
  creatorId: string;
}

/**
 * The news of up to `people` followers, oldest first, locked for this transaction (SKIP LOCKED: two replicas
 * never mail the same rows).
 */
export async function lockWaitingNews(db: Db, people: number): Promise<WaitingNews[]> {
  const rows = await sql<{ user_id: string; product_id: string; creator_id: string }>`
    select n.user_id, n.product_id, n.creator_id
      from creator_news n
     where n.user_id in (
       select user_id from creator_news group by user_id order by min(queued_at) limit ${people}
     )
     order by n.queued_at
       for update skip locked
  `.execute(db);
  return rows.rows.map((row) => ({
    userId: row.user_id,
    productId: row.product_id,
    creatorId: row.creator_id,
  }));
}

export async function settleNews(db: Db, userId: string, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .deleteFrom('creator_news')
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
}
