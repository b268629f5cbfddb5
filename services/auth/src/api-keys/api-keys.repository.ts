import { sql, type Kysely, type Transaction } from 'kysely';
import type { ApiScope } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { IDENTITY_COLUMNS } from '../users/users.repository';

type Db = Kysely<Database> | Transaction<Database>;

/** A key with its maker's name, as the lists show it. */
export function selectKeys(db: Db) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id',
      'api_keys.name',
      'api_keys.prefix',
      'api_keys.scopes',
      'api_keys.team_id',
      'api_keys.created_by',
      'users.name as created_by_name',
      'api_keys.created_at',
      'api_keys.expires_at',
      'api_keys.last_used_at',
      'api_keys.revoked_at',
    ]);
}
export type ListedKeyRow = Awaited<ReturnType<ReturnType<typeof selectKeys>['executeTakeFirstOrThrow']>>;

/** Every key (admins) or a team's (teamId), newest first. */
export function listKeys(db: Db, teamId?: string): Promise<ListedKeyRow[]> {
  let query = selectKeys(db).orderBy('api_keys.created_at', 'desc').orderBy('api_keys.id').limit(500);
  if (teamId !== undefined) query = query.where('api_keys.team_id', '=', teamId);
  return query.execute();
}

export function findKey(db: Db, id: string): Promise<ListedKeyRow | undefined> {
  return selectKeys(db).where('api_keys.id', '=', id).executeTakeFirst();
}

export async function insertKey(
  db: Db,
  row: {
    name: string;
    prefix: string;
    secretHash: string;
    scopes: ApiScope[];
    teamId: string | null;
    createdBy: string;
    expiresAt: Date | null;
  },
): Promise<string> {
  const { id } = await db
    .insertInto('api_keys')
    .values({
      name: row.name,
      prefix: row.prefix,
      secret_hash: row.secretHash,
      scopes: row.scopes,
      team_id: row.teamId,
      created_by: row.createdBy,
      expires_at: row.expiresAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return id;
}

/** Revokes a live key; answers whether it was live (a second revoke changes nothing). */
export async function revokeKey(db: Db, id: string): Promise<boolean> {
  const result = await db
    .updateTable('api_keys')
    .set({ revoked_at: new Date() })
    .where('id', '=', id)
    .where('revoked_at', 'is', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

/** A live key by its secret's hash, with its owner's account (never a deactivated one). */
export function findLiveKeyByHash(db: Db, secretHash: string) {
  return db
    .selectFrom('api_keys')
    .innerJoin('users', 'users.id', 'api_keys.created_by')
    .select([
      'api_keys.id as key_id',
      'api_keys.secret_hash',
      'api_keys.scopes',
      'api_keys.team_id',
      'api_keys.expires_at',
      'api_keys.last_used_at',
      ...IDENTITY_COLUMNS,
    ])
    .where('api_keys.secret_hash', '=', secretHash)
    .where('api_keys.revoked_at', 'is', null)
    .where((eb) => eb.or([eb('api_keys.expires_at', 'is', null), eb('api_keys.expires_at', '>', new Date())]))
    .where('users.deactivated_at', 'is', null)
    .executeTakeFirst();
}

/** Marks the key used, at most once a minute: a busy key writes no row per request. */
export async function touchKey(db: Db, id: string): Promise<void> {
  await db
    .updateTable('api_keys')
    .set({ last_used_at: new Date() })
    .where('id', '=', id)
    .where((eb) =>
      eb.or([
        eb('last_used_at', 'is', null),
        eb('last_used_at', '<', sql<Date>`now() - interval '1 minute'`),
      ]),
    )
    .execute();
}
