import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

/** The creator an account is linked to, with its name and slug; undefined when none. */
export const findCreatorOfUser = (db: Db, userId: string) =>
  db
    .selectFrom('creator_accounts as a')
    .innerJoin('creators as c', 'c.id', 'a.creator_id')
    .select(['c.id', 'c.name', 'c.slug'])
    .where('a.user_id', '=', userId)
    .executeTakeFirst();

export const listCreatorAccounts = (db: Db, creatorId: string) =>
  db
    .selectFrom('creator_accounts')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .orderBy('linked_at')
    .execute();

/** Invitations neither accepted, revoked nor expired, newest first. */
export const listPendingInvitations = (db: Db, creatorId: string, now: Date) =>
  db
    .selectFrom('creator_invitations')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .where('expires_at', '>', now)
    .orderBy('created_at', 'desc')
    .execute();

export const insertInvitation = (
  db: Db,
  row: {
    id: string;
    creatorId: string;
    email: string;
    tokenHash: string;
    invitedBy: string;
    expiresAt: Date;
  },
) =>
  db
    .insertInto('creator_invitations')
    .values({
      id: row.id,
      creator_id: row.creatorId,
      email: row.email,
      token_hash: row.tokenHash,
      invited_by: row.invitedBy,
      expires_at: row.expiresAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();

/** Revokes a pending invitation of the creator; false when there is none such. */
export async function revokeInvitation(db: Db, creatorId: string, id: string): Promise<boolean> {
  const result = await db
    .updateTable('creator_invitations')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('creator_id', '=', creatorId)
    .where('accepted_at', 'is', null)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** The invitation of a token's hash, locked for the acceptance that reads it. */
export const lockInvitationByHash = (trx: Transaction<Database>, tokenHash: string) =>
  trx
    .selectFrom('creator_invitations')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .forUpdate()
    .executeTakeFirst();

export async function acceptInvitation(
  trx: Transaction<Database>,
  invitation: { id: string; creatorId: string },
  account: { userId: string; email: string; name: string },
  now: Date,
): Promise<void> {
  await trx
    .updateTable('creator_invitations')
    .set({ accepted_at: now, accepted_by: account.userId })
    .where('id', '=', invitation.id)
    .execute();
  await trx
    .insertInto('creator_accounts')
    .values({
      user_id: account.userId,
      creator_id: invitation.creatorId,
      email: account.email,
      name: account.name,
      linked_at: now,
    })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
}

/** Unlinks an account from the creator; false when it was not linked to it. */
export async function unlinkAccount(db: Db, creatorId: string, userId: string): Promise<boolean> {
  const result = await db
    .deleteFrom('creator_accounts')
    .where('creator_id', '=', creatorId)
    .where('user_id', '=', userId)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

// ---------- what analytics and royalties ask ----------

export const findProductCreators = (db: Db, productIds: string[]) =>
  productIds.length === 0
    ? Promise.resolve([])
    : db
        .selectFrom('products as p')
        .innerJoin('creators as c', 'c.id', 'p.creator_id')
        .select(['p.id as productId', 'p.creator_id as creatorId', 'c.name as creatorName', 'p.title'])
        .where('p.id', 'in', productIds)
        .orderBy('p.id')
        .execute();

export const listCreatorProducts = (db: Db, creatorId: string) =>
  db
    .selectFrom('products')
    .select(['id as productId', 'title', 'is_published as isPublished'])
    .where('creator_id', '=', creatorId)
    .orderBy('title')
    .orderBy('id')
    .execute();
