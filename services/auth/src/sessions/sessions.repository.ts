import type { Kysely, Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { IDENTITY_COLUMNS } from '../users/users.repository';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertSession(
  db: Db,
  session: {
    userId: string;
    tokenHash: string;
    expiresAt: Date;
    userAgent?: string;
    ip?: string;
    familyId?: string;
  },
): Promise<void> {
  await db
    .insertInto('sessions')
    .values({
      id: newObjectId(),
      user_id: session.userId,
      token_hash: session.tokenHash,
      expires_at: session.expiresAt,
      user_agent: session.userAgent?.slice(0, 300) ?? null,
      ip: session.ip?.slice(0, 100) ?? null,
      family_id: session.familyId ?? null,
    })
    .execute();
}

/** The live session of a token hash (not revoked, not expired) with its user's identity fields. */
export function findLiveSession(db: Db, tokenHash: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .select(['sessions.expires_at', ...IDENTITY_COLUMNS])
    .where('sessions.token_hash', '=', tokenHash)
    .where('sessions.revoked_at', 'is', null)
    .where('sessions.expires_at', '>', new Date())
    .executeTakeFirst();
}

/** Revokes one session; answers whether it was live. */
export async function revokeSession(db: Db, tokenHash: string): Promise<boolean> {
  const result = await db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('token_hash', '=', tokenHash)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** Revokes every live session of a user except one; answers the token hashes it revoked. */
export async function revokeUserSessions(
  db: Db,
  userId: string,
  exceptTokenHash?: string,
): Promise<string[]> {
  let query = db
    .updateTable('sessions')
    .set({ revoked_at: new Date() })
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date());
  if (exceptTokenHash) query = query.where('token_hash', '!=', exceptTokenHash);
  const rows = await query.returning('token_hash').execute();
  return rows.map((row) => row.token_hash);
}

export async function liveTokenHashes(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sessions')
    .select('token_hash')
    .where('user_id', '=', userId)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', new Date())
    .execute();
  return rows.map((row) => row.token_hash);
}

/** Drops sessions that ended long ago; they can never be used again. */
export async function deleteEndedSessions(db: Db, olderThan: Date): Promise<number> {
  const result = await db.deleteFrom('sessions').where('expires_at', '<', olderThan).executeTakeFirst();
  return Number(result.numDeletedRows);
}
