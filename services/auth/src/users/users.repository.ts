import { sql, type Kysely, type Transaction } from 'kysely';
import type { Identity, Role, User, UserSummary } from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import { conflict, isUniqueViolation, newObjectId } from '@catalyst/service-kit';
import { authMessages } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { UserRow } from '../db/tables/user';

type Db = Kysely<Database> | Transaction<Database>;

export const emailTaken = () =>
  conflict(authMessages.emailTaken, [{ field: 'email', message: authMessages.emailTaken }]);

/** A user as the API shows it: never the password hash. */
export function toUser(row: UserRow): User {
  return {
    _id: row.id,
    name: row.name,
    email: row.email,
    role: row.role,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
    // none chosen: left out, as the identity leaves it out (GET /auth/me is the same from auth and the gateway)
    ...(row.locale ? { locale: row.locale } : {}),
  };
}

/** The account columns an identity is made of (a session's, an API key's), selected beside their own. */
export const IDENTITY_COLUMNS = [
  'users.id',
  'users.role',
  'users.email',
  'users.name',
  'users.email_verified_at',
  'users.created_at',
  'users.creator_id',
  'users.locale',
] as const;

/** The identity of an account as the gateway carries it (a creator's with the creator they are). */
export function identityOf(
  row: Pick<
    UserRow,
    'id' | 'role' | 'email' | 'name' | 'email_verified_at' | 'created_at' | 'creator_id' | 'locale'
  >,
): Identity {
  return {
    id: row.id,
    role: row.role,
    email: row.email,
    name: row.name,
    emailVerified: row.email_verified_at !== null,
    createdAt: row.created_at.toISOString(),
    ...(row.locale ? { locale: row.locale } : {}),
    ...(row.role === 'creator' && row.creator_id ? { creatorId: row.creator_id } : {}),
  };
}

export const findUserById = (db: Db, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

export const findUserByEmail = (db: Db, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();

export interface NewUser {
  id?: string;
  name: string;
  email: string;
  passwordHash: string;
  role?: Role;
  emailVerifiedAt?: Date | null;
}

/** Inserts a user; a taken e-mail (even in a race) is a 409, never a 500. */
export async function insertUser(db: Db, user: NewUser): Promise<UserRow> {
  try {
    return await db
      .insertInto('users')
      .values({
        id: user.id ?? newObjectId(),
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role ?? 'user',
        email_verified_at: user.emailVerifiedAt ?? null,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

/**
 * Registration's write: the new account, or nothing when the address is taken. Both cases run the same
 * statements (an INSERT … ON CONFLICT DO NOTHING in one transaction), and the commit does not wait for the
 * disk (synchronous_commit off for this transaction only), so a taken address costs what a new one does and
 * the answer's timing tells nobody which it was. The price: a crash in the fraction of a second before
 * Postgres's WAL writer flushes loses that registration, and the person registers again.
 */
export async function insertUserUnlessTaken(
  db: Kysely<Database>,
  user: NewUser,
): Promise<UserRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await sql`set local synchronous_commit = off`.execute(trx);
    return trx
      .insertInto('users')
      .values({
        id: user.id ?? newObjectId(),
        name: user.name,
        email: user.email,
        password_hash: user.passwordHash,
        role: user.role ?? 'user',
        email_verified_at: user.emailVerifiedAt ?? null,
      })
      .onConflict((oc) => oc.constraint('users_email_key').doNothing())
      .returningAll()
      .executeTakeFirst();
  });
}

/** Changes name and e-mail (and the language, when given); a new e-mail is unverified until its link is opened. */
export async function updateProfile(
  db: Db,
  id: string,
  { name, email, locale }: { name: string; email: string; locale?: Language | null | undefined },
): Promise<UserRow | undefined> {
  try {
    return await db
      .updateTable('users')
      .set((eb) => ({
        name,
        email,
        email_verified_at: eb
          .case()
          .when('email', '=', email)
          .then(eb.ref('email_verified_at'))
          .else(null)
          .end(),
        ...(locale !== undefined ? { locale } : {}),
        updated_at: new Date(),
      }))
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
  } catch (error) {
    if (isUniqueViolation(error, 'users_email_key')) throw emailTaken();
    throw error;
  }
}

export async function updatePasswordHash(db: Db, id: string, passwordHash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash: passwordHash, updated_at: new Date() })
    .where('id', '=', id)
    .execute();
}

export async function markEmailVerified(db: Db, id: string, email: string): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ email_verified_at: new Date(), updated_at: new Date() })
    .where('id', '=', id)
    .where('email', '=', email)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

export async function setRole(db: Db, id: string, role: Role): Promise<void> {
  await db.updateTable('users').set({ role, updated_at: new Date() }).where('id', '=', id).execute();
}

export async function countUsers(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(count);
}

export async function lookupUsers(db: Db, ids: string[]): Promise<UserSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['id', 'name', 'email', 'role', 'created_at', 'locale'])
    .where('id', 'in', [...new Set(ids)])
    .orderBy('id')
    .execute();
  return rows.map(({ created_at, locale, ...user }) => ({
    ...user,
    createdAt: created_at.toISOString(),
    ...(locale ? { locale } : {}),
  }));
}

/** The language chosen by the account of each of these addresses (addresses without one are left out). */
export async function addressLanguages(
  db: Db,
  emails: string[],
): Promise<{ email: string; locale: Language }[]> {
  if (emails.length === 0) return [];
  const rows = await db
    .selectFrom('users')
    .select(['email', 'locale'])
    .where('email', 'in', [...new Set(emails)])
    .where('locale', 'is not', null)
    .execute();
  return rows.flatMap(({ email, locale }) => (locale ? [{ email, locale }] : []));
}

export const lastAdmin = () => conflict(authMessages.lastAdmin);

export async function countAdmins(db: Db): Promise<number> {
  const { count } = await db
    .selectFrom('users')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('role', '=', 'admin')
    .executeTakeFirstOrThrow();
  return Number(count);
}

/**
 * Deletes a user with their sessions and verification links in one transaction; answers the token
 * hashes of the deleted sessions (their cache entries must go too), or null when the user was gone.
 * Deleting an admin locks the admin rows first, so two admins deleting at once cannot leave none.
 */
export async function deleteUserAccount(db: Kysely<Database>, userId: string): Promise<string[] | null> {
  return db.transaction().execute(async (trx) => {
    const user = await trx
      .selectFrom('users')
      .select(['id', 'role'])
      .where('id', '=', userId)
      .forUpdate()
      .executeTakeFirst();
    if (!user) return null;
    if (user.role === 'admin') {
      const admins = await trx
        .selectFrom('users')
        .select('id')
        .where('role', '=', 'admin')
        .forUpdate()
        .execute();
      if (admins.length <= 1) throw lastAdmin();
    }
    const sessions = await trx
      .deleteFrom('sessions')
      .where('user_id', '=', userId)
      .returning('token_hash')
      .execute();
    await trx.deleteFrom('email_verifications').where('user_id', '=', userId).execute();
    await trx.deleteFrom('users').where('id', '=', userId).execute();
    return sessions.map((row) => row.token_hash);
  });
}
