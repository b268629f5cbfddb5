import { sql, type Kysely, type Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { LiveQuestionRow, LiveSessionRow } from '../db/tables/live';

type Db = Kysely<Database> | Transaction<Database>;

export async function findSession(db: Db, productId: string): Promise<LiveSessionRow | undefined> {
  return db.selectFrom('live_sessions').selectAll().where('product_id', '=', productId).executeTakeFirst();
}

/** The webinar product a board's question was asked on. */
export async function findProductOfQuestion(db: Db, questionId: string): Promise<string | undefined> {
  return (
    await db.selectFrom('live_questions').select('product_id').where('id', '=', questionId).executeTakeFirst()
  )?.product_id;
}

export interface SessionSchedule {
  productId: string;
  productKey: string;
  title: string;
  startsAt: Date;
  durationMinutes: number;
  joinUrl: string;
  recordingAssetId: string | null | undefined;
}

/** Schedules or moves a session (a recording id left out keeps the one attached). */
export async function upsertSession(db: Db, s: SessionSchedule, now: Date): Promise<LiveSessionRow> {
  const values = {
    product_key: s.productKey,
    title: s.title,
    starts_at: s.startsAt,
    duration_minutes: s.durationMinutes,
    join_url: s.joinUrl,
    updated_at: now,
  };
  const recording = s.recordingAssetId === undefined ? {} : { recording_asset_id: s.recordingAssetId };
  return db
    .insertInto('live_sessions')
    .values({
      product_id: s.productId,
      ...values,
      recording_asset_id: s.recordingAssetId ?? null,
      created_at: now,
    })
    .onConflict((oc) => oc.column('product_id').doUpdateSet({ ...values, ...recording }))
    .returningAll()
    .executeTakeFirstOrThrow();
}

/** Removes a session with its registrations and questions; false when there was none. */
export async function deleteSession(db: Db, productId: string): Promise<boolean> {
  const result = await db.deleteFrom('live_sessions').where('product_id', '=', productId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export async function registrationOf(
  db: Db,
  productId: string,
  userId: string,
): Promise<{ registered: boolean; registrations: number }> {
  const row = await db
    .selectFrom('live_registrations')
    .select((eb) => [
      eb.fn.countAll<string>().as('count'),
      eb.fn.max(sql<number>`case when user_id = ${userId} then 1 else 0 end`).as('mine'),
    ])
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return { registered: Number(row.mine ?? 0) === 1, registrations: Number(row.count) };
}

export async function register(db: Db, productId: string, userId: string, now: Date): Promise<void> {
  await db
    .insertInto('live_registrations')
    .values({ product_id: productId, user_id: userId, created_at: now })
    .onConflict((oc) => oc.doNothing())
    .execute();
}

export async function unregister(db: Db, productId: string, userId: string): Promise<void> {
  await db
    .deleteFrom('live_registrations')
    .where('product_id', '=', productId)
    .where('user_id', '=', userId)
    .execute();
}

export interface DueReminder {
  productId: string;
  userId: string;
  startsAt: Date;
}

/**
 * Registrations of sessions starting within `withinMinutes` whose member has not been reminded of this
 * start time, locked for this transaction (another replica skips them, never waits).
 */
export async function lockDueReminders(
  trx: Transaction<Database>,
  now: Date,
  withinMinutes: number,
  limit: number,
): Promise<DueReminder[]> {
  const rows = await trx
    .selectFrom('live_registrations as r')
    .innerJoin('live_sessions as s', 's.product_id', 'r.product_id')
    .select(['r.product_id', 'r.user_id', 's.starts_at'])
    .where('s.starts_at', '>', now)
    .where('s.starts_at', '<=', new Date(now.getTime() + withinMinutes * 60_000))
    .where((eb) =>
      eb.or([eb('r.reminded_for', 'is', null), eb('r.reminded_for', '<>', eb.ref('s.starts_at'))]),
    )
    .orderBy('s.starts_at')
    .limit(limit)
    .forUpdate('r')
    .skipLocked()
    .execute();
  return rows.map((row) => ({ productId: row.product_id, userId: row.user_id, startsAt: row.starts_at }));
}

export async function markReminded(trx: Transaction<Database>, reminder: DueReminder): Promise<void> {
  await trx
    .updateTable('live_registrations')
    .set({ reminded_for: reminder.startsAt })
    .where('product_id', '=', reminder.productId)
    .where('user_id', '=', reminder.userId)
    .execute();
}

export async function sessionsOf(db: Db, productIds: string[]): Promise<LiveSessionRow[]> {
  if (productIds.length === 0) return [];
  return db.selectFrom('live_sessions').selectAll().where('product_id', 'in', productIds).execute();
}

// ---------- questions ----------

export type QuestionRow = LiveQuestionRow & { voted: boolean };

const BOARD_MAX = 1_000;

const questionColumns = [
  'q.id',
  'q.seq',
  'q.product_id',
  'q.author_id',
  'q.author_name',
  'q.author_is_admin',
  'q.body',
  'q.upvotes',
  'q.answered_at',
  'q.created_at',
  'q.change_seq',
] as const;

/** A board's questions, most upvoted first (then oldest), with whether `userId` upvoted each. */
export async function listQuestions(db: Db, productId: string, userId: string): Promise<QuestionRow[]> {
  return db
    .selectFrom('live_questions as q')
    .leftJoin('live_question_votes as v', (join) =>
      join.onRef('v.question_id', '=', 'q.id').on('v.user_id', '=', userId),
    )
    .select([...questionColumns, sql<boolean>`v.user_id is not null`.as('voted')])
    .where('q.product_id', '=', productId)
    .orderBy('q.upvotes', 'desc')
    .orderBy('q.seq')
    .limit(BOARD_MAX)
    .execute();
}

/** Questions of a board changed after the change `afterChange` (a reconnecting stream's Last-Event-ID), in change order. */
export async function questionsChangedAfter(
  db: Db,
  productId: string,
  afterChange: string,
): Promise<LiveQuestionRow[]> {
  return db
    .selectFrom('live_questions as q')
    .select([...questionColumns])
    .where('q.product_id', '=', productId)
    .where('q.change_seq', '>', afterChange)
    .orderBy('q.change_seq')
    .limit(BOARD_MAX)
    .execute();
}

export async function findQuestion(
  db: Db,
  questionId: string,
  userId: string,
): Promise<QuestionRow | undefined> {
  return db
    .selectFrom('live_questions as q')
    .leftJoin('live_question_votes as v', (join) =>
      join.onRef('v.question_id', '=', 'q.id').on('v.user_id', '=', userId),
    )
    .select([...questionColumns, sql<boolean>`v.user_id is not null`.as('voted')])
    .where('q.id', '=', questionId)
    .executeTakeFirst();
}

export async function insertQuestion(
  db: Db,
  q: {
    productId: string;
    authorId: string;
    authorName: string;
    authorIsAdmin: boolean;
    body: string;
    now: Date;
  },
): Promise<LiveQuestionRow> {
  return db
    .insertInto('live_questions')
    .values({
      id: newObjectId(),
      product_id: q.productId,
      author_id: q.authorId,
      author_name: q.authorName,
      author_is_admin: q.authorIsAdmin,
      body: q.body,
      created_at: q.now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

const nextChange = sql<string>`nextval('live_question_changes')`;

/**
 * Adds (`up`) or takes back one person's upvote, counting it only when the vote row really changed, so
 * repeating either changes nothing. Answers whether it changed.
 */
export async function setVote(
  db: Kysely<Database>,
  questionId: string,
  userId: string,
  up: boolean,
  now: Date,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const changed = up
      ? await trx
          .insertInto('live_question_votes')
          .values({ question_id: questionId, user_id: userId, created_at: now })
          .onConflict((oc) => oc.doNothing())
          .executeTakeFirst()
      : await trx
          .deleteFrom('live_question_votes')
          .where('question_id', '=', questionId)
          .where('user_id', '=', userId)
          .executeTakeFirst();
    const count =
      'numInsertedOrUpdatedRows' in changed ? changed.numInsertedOrUpdatedRows : changed.numDeletedRows;
    if (!count || Number(count) === 0) return false;
    await trx
      .updateTable('live_questions')
      .set((eb) => ({ upvotes: eb('upvotes', up ? '+' : '-', 1), change_seq: nextChange }))
      .where('id', '=', questionId)
      .execute();
    return true;
  });
}

/** Marks a question answered (once; repeating it changes nothing). Answers whether it changed. */
export async function markAnswered(db: Db, questionId: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('live_questions')
    .set({ answered_at: now, change_seq: nextChange })
    .where('id', '=', questionId)
    .where('answered_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
