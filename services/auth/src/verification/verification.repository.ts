import type { Kysely, Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { LinkPurpose } from '../db/tables/email-verification';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertLink(
  db: Db,
  row: { purpose: LinkPurpose; userId: string; email: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({
      id: newObjectId(),
      purpose: row.purpose,
      user_id: row.userId,
      email: row.email,
      token_hash: row.tokenHash,
      expires_at: row.expiresAt,
    })
    .execute();
}

/** A link's row, read without a lock (whether it was used, and for which address). */
export const findLink = (db: Db, purpose: LinkPurpose, tokenHash: string) =>
  db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .executeTakeFirst();

/** Locks the link's row, so two clicks on one link cannot both use it. */
export const findLinkForUpdate = (db: Transaction<Database>, purpose: LinkPurpose, tokenHash: string) =>
  db
    .selectFrom('email_verifications')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .where('purpose', '=', purpose)
    .forUpdate()
    .executeTakeFirst();

export async function markLinkUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('email_verifications').set({ used_at: new Date() }).where('id', '=', id).execute();
}

/** Once one reset link did its work, the user's other unused ones are worthless. */
export async function retireLinks(db: Db, purpose: LinkPurpose, userId: string): Promise<void> {
  await db
    .updateTable('email_verifications')
    .set({ used_at: new Date() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();
}
