import { sql, type ExpressionBuilder, type Kysely, type Transaction } from 'kysely';
import type { AdminAuditEntry, AdminUserAction, Role } from '@catalyst/contracts';
import { newObjectId } from '@catalyst/service-kit';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;

export interface AccountFilter {
  search?: string;
  role?: Role;
  verified?: boolean;
  deactivated?: boolean;
}

/** `%`, `_` and `\` typed in a search mean themselves. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

function filtered(db: Db, filter: AccountFilter) {
  let query = db.selectFrom('users');
  if (filter.search) {
    const pattern = likePattern(filter.search.toLowerCase());
    query = query.where((eb) =>
      eb.or([eb(eb.fn('lower', ['users.name']), 'like', pattern), eb('users.email', 'like', pattern)]),
    );
  }
  if (filter.role) query = query.where('users.role', '=', filter.role);
  if (filter.verified !== undefined)
    query = query.where('users.email_verified_at', filter.verified ? 'is not' : 'is', null);
  if (filter.deactivated !== undefined)
    query = query.where('users.deactivated_at', filter.deactivated ? 'is not' : 'is', null);
  return query;
}

const accountColumns = (eb: ExpressionBuilder<Database, 'users'>) => [
  'users.id' as const,
  'users.name' as const,
  'users.email' as const,
  'users.role' as const,
  'users.email_verified_at' as const,
  'users.created_at' as const,
  'users.deactivated_at' as const,
  // The language its e-mails are written in (a verification link resent by an admin).
  'users.locale' as const,
  // The latest access token issued: at sign-in, and at every refresh of a remembered sign-in.
  eb
    .selectFrom('sessions')
    .select((sub) => sub.fn.max('sessions.created_at').as('max'))
    .whereRef('sessions.user_id', '=', 'users.id')
    .as('last_active_at'),
];

/** One page of accounts, newest first, with the total that match. */
export async function listAccounts(
  db: Db,
  filter: AccountFilter,
  { page, limit }: { page: number; limit: number },
) {
  const [rows, count] = await Promise.all([
    filtered(db, filter)
      .select(accountColumns)
      .orderBy('users.created_at', 'desc')
      .orderBy('users.id', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    filtered(db, filter)
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.count) };
}

export const findAccount = (db: Db, id: string) =>
  db.selectFrom('users').select(accountColumns).where('users.id', '=', id).executeTakeFirst();
export type AccountRow = NonNullable<Awaited<ReturnType<typeof findAccount>>>;

/** Sets or clears the deactivation; answers whether the row changed (false: it already was so). */
export async function setDeactivated(db: Db, id: string, deactivated: boolean): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ deactivated_at: deactivated ? new Date() : null, updated_at: new Date() })
    .where('id', '=', id)
    .where('deactivated_at', deactivated ? 'is' : 'is not', null)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function insertAuditEntry(
  db: Db,
  entry: {
    action: AdminUserAction;
    admin: { id: string; name: string };
    target: { id: string; name: string; email: string };
    detail?: string | null;
  },
): Promise<void> {
  await db
    .insertInto('admin_audit_log')
    .values({
      id: newObjectId(),
      action: entry.action,
      admin_id: entry.admin.id,
      admin_name: entry.admin.name,
      target_user_id: entry.target.id,
      target_name: entry.target.name,
      target_email: entry.target.email,
      detail: entry.detail ?? null,
    })
    .execute();
}

/** One page of the audit log, newest first (by insertion order, which ties in time cannot blur). */
export async function listAuditEntries(
  db: Db,
  { page, limit }: { page: number; limit: number },
): Promise<{ items: AdminAuditEntry[]; total: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('admin_audit_log')
      .selectAll()
      .orderBy('seq', 'desc')
      .limit(limit)
      .offset((page - 1) * limit)
      .execute(),
    db
      .selectFrom('admin_audit_log')
      .select(sql<string>`count(*)`.as('count'))
      .executeTakeFirstOrThrow(),
  ]);
  return {
    total: Number(count.count),
    items: rows.map((row) => ({
      _id: row.id,
      action: row.action,
      admin: { id: row.admin_id, name: row.admin_name },
      target: { id: row.target_user_id, name: row.target_name, email: row.target_email },
      detail: row.detail,
      createdAt: row.created_at.toISOString(),
    })),
  };
}
