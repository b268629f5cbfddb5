import { sql, type Kysely } from 'kysely';
import { NOTES_MAX, type Note, type NoteListQuery } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { NoteRow } from '../db/tables/notes';

type Db = Kysely<Database>;

export const toNote = (row: NoteRow): Note => ({
  id: row.id,
  productId: row.product_id,
  lessonId: row.lesson_id,
  seconds: row.seconds,
  body: row.body,
  bodyHtml: row.body_html,
  createdAt: new Date(row.created_at).toISOString(),
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** One learner's note, or undefined (another learner's is as missing as one never written). */
export const findNote = (db: Db, userId: string, id: string) =>
  db.selectFrom('notes').selectAll().where('user_id', '=', userId).where('id', '=', id).executeTakeFirst();

/**
 * A learner's notes: a product's (or one lesson's) in time order, or every one newest first; `q` keeps those
 * whose text contains it (case-insensitive, taken literally).
 */
export async function listNotes(
  db: Db,
  userId: string,
  { productId, lessonId, q, page, limit }: NoteListQuery,
): Promise<{ rows: NoteRow[]; total: number }> {
  const base = db
    .selectFrom('notes')
    .where('user_id', '=', userId)
    .$if(productId !== undefined, (qb) => qb.where('product_id', '=', productId!))
    .$if(lessonId !== undefined, (qb) => qb.where('lesson_id', '=', lessonId!))
    .$if(q !== undefined, (qb) => qb.where(sql<boolean>`strpos(lower(body), lower(${q!})) > 0`));
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .$if(productId !== undefined, (qb) => qb.orderBy('lesson_id').orderBy('seconds').orderBy('created_at'))
      .$if(productId === undefined, (qb) => qb.orderBy('updated_at', 'desc'))
      .orderBy('id')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: count.n };
}

export type NewNote = Omit<NoteRow, 'user_id' | 'created_at' | 'updated_at'>;

/**
 * Stores a note once: sent again with the same id (a replay), the stored one is answered unchanged. Refused with
 * 'full' when the learner already keeps NOTES_MAX notes; the count is taken under a per-learner lock, so two
 * notes sent at once cannot both pass it.
 */
export async function insertNote(db: Db, userId: string, note: NewNote): Promise<NoteRow | 'full'> {
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(hashtext('notes'), hashtext(${userId}))`.execute(trx);
    const existing = await findNote(trx, userId, note.id);
    if (existing) return existing;
    const { n } = await trx
      .selectFrom('notes')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    if (n >= NOTES_MAX) return 'full';
    return trx
      .insertInto('notes')
      .values({ ...note, user_id: userId })
      .returningAll()
      .executeTakeFirstOrThrow();
  });
}

export const updateNote = (
  db: Db,
  userId: string,
  id: string,
  change: Partial<Pick<NoteRow, 'seconds' | 'body' | 'body_html'>>,
) =>
  db
    .updateTable('notes')
    .set({ ...change, updated_at: sql<Date>`now()` })
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();

export async function deleteNote(db: Db, userId: string, id: string): Promise<boolean> {
  const result = await db
    .deleteFrom('notes')
    .where('user_id', '=', userId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** A deleted account's notes go with its progress. */
export async function deleteUserNotes(db: Db, userId: string): Promise<void> {
  await db.deleteFrom('notes').where('user_id', '=', userId).execute();
}

/** A deleted product's notes go with its progress. */
export async function deleteProductNotes(db: Db, productId: string): Promise<void> {
  await db.deleteFrom('notes').where('product_id', '=', productId).execute();
}
