import { sql, type Kysely, type Transaction } from 'kysely';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export async function insertFamily(db: Db, userId: string): Promise<string> {
  const id = newObjectId();
  await db.insertInto('session_families').values({ id, user_id: userId }).execute();
  return id;
}

export async function insertRefreshToken(
  db: Db,
  token: { familyId: string; tokenHash: string; expiresAt: Date },
): Promise<void> {
  await db
    .insertInto('refresh_tokens')
    .values({ token_hash: token.tokenHash, family_id: token.familyId, expires_at: token.expiresAt })
    .execute();
}

/** Marks a live refresh token used (rotated) and answers its family and user; undefined if it was not live. */
export async function useRefreshToken(db: Db, tokenHash: string) {
  return db
    .updateTable('refresh_tokens')
    .set({ used_at: new Date() })
    .from('session_families')
    .whereRef('session_families.id', '=', 'refresh_tokens.family_id')
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .where('refresh_tokens.used_at', 'is', null)
    .where('refresh_tokens.expires_at', '>', new Date())
    .where('session_families.revoked_at', 'is', null)
    .returning(['refresh_tokens.family_id', 'session_families.user_id'])
    .executeTakeFirst();
}

/** A refresh token as stored, with its family's state (whatever it is: used, expired, revoked). */
export function findRefreshToken(db: Db, tokenHash: string) {
  return db
    .selectFrom('refresh_tokens')
    .innerJoin('session_families', 'session_families.id', 'refresh_tokens.family_id')
    .select([
      'refresh_tokens.family_id',
      'refresh_tokens.used_at',
      'refresh_tokens.expires_at',
      'session_families.revoked_at',
      'session_families.user_id',
    ])
    .where('refresh_tokens.token_hash', '=', tokenHash)
    .executeTakeFirst();
}

export async function familyOfSession(db: Db, sessionTokenHash: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('sessions')
    .select('family_id')
    .where('token_hash', '=', sessionTokenHash)
    .executeTakeFirst();
  return row?.family_id ?? undefined;
}

/**
 * Revokes families (the given ones, or every live one of a user but `exceptFamilyId`) and every live
 * access token they minted; answers those tokens' hashes (their cached identities must go).
 */
export async function revokeFamilies(
  db: Db,
  which: { familyIds: string[] } | { userId: string; exceptFamilyId?: string },
  reason: string,
): Promise<string[]> {
  const now = new Date();
  let query = db
    .updateTable('session_families')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('revoked_at', 'is', null);
  if ('familyIds' in which) {
    if (which.familyIds.length === 0) return [];
    query = query.where('id', 'in', which.familyIds);
  } else {
    query = query.where('user_id', '=', which.userId);
    if (which.exceptFamilyId) query = query.where('id', '!=', which.exceptFamilyId);
  }
  const families = (await query.returning('id').execute()).map((row) => row.id);
  const ids = 'familyIds' in which ? which.familyIds : families;
  if (ids.length === 0) return [];
  const sessions = await db
    .updateTable('sessions')
    .set({ revoked_at: now })
    .where('family_id', 'in', ids)
    .where('revoked_at', 'is', null)
    .returning('token_hash')
    .execute();
  return sessions.map((row) => row.token_hash);
}

/** Housekeeping: families revoked, or with no refresh token alive, before `olderThan` (their rows cascade). */
export async function deleteEndedFamilies(db: Db, olderThan: Date): Promise<number> {
  const result = await db
    .deleteFrom('session_families')
    .where((eb) =>
      eb.or([
        eb('revoked_at', '<', olderThan),
        eb.not(
          eb.exists(
            eb
              .selectFrom('refresh_tokens')
              .select(sql`1`.as('one'))
              .whereRef('refresh_tokens.family_id', '=', 'session_families.id')
              .where('refresh_tokens.expires_at', '>', olderThan),
          ),
        ),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
