import type { Kysely, Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertVerification(db: Db, row: { userId: string; email: string; tokenHash: string; expiresAt: Date }): Promise<void> {
  await db
    .insertInto('email_verifications')
    .values({ id: newObjectId(), user_id: row.userId, email: row.email, token_hash: row.tokenHash, expires_at: row.expiresAt })
    .execute();
}

/** Locks the link's row, so two clicks on one link cannot both use it. */
export const findVerificationForUpdate = (db: Transaction<Database>, tokenHash: string) =>
  db.selectFrom('email_verifications').selectAll().where('token_hash', '=', tokenHash).forUpdate().executeTakeFirst();

export async function markVerificationUsed(db: Db, id: string): Promise<void> {
  await db.updateTable('email_verifications').set({ used_at: new Date() }).where('id', '=', id).execute();
}
