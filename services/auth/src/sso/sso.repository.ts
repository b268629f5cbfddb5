import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { SsoLogin } from '../db/tables/sso-login';

type Db = Kysely<Database>;

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

export async function insertSsoLogin(
  db: Db,
  login: Omit<SsoLogin, 'state_hash' | 'created_at'> & { state: string },
): Promise<void> {
  const { state, ...rest } = login;
  await db
    .insertInto('sso_logins')
    .values({ ...rest, state_hash: hashState(state) })
    .execute();
  // Sign-ins nobody finished are swept as new ones start.
  await db.deleteFrom('sso_logins').where('expires_at', '<', new Date()).execute();
}

/** The sign-in a state names, deleted as it is read: a state works once, and only before it expires. */
export async function takeSsoLogin(db: Db, state: string): Promise<SsoLogin | undefined> {
  return db
    .deleteFrom('sso_logins')
    .where('state_hash', '=', hashState(state))
    .where('expires_at', '>', new Date())
    .returningAll()
    .executeTakeFirst();
}
