import type { Kysely } from 'kysely';
import { demoAccounts } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import { hashPassword } from './passwords';

/** Demo accounts with their fixed ids, e-mails verified; idempotent, so a second start changes nothing. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const accounts = Object.values(demoAccounts);
  const existing = new Set(
    (
      await db
        .selectFrom('users')
        .select('id')
        .where(
          'id',
          'in',
          accounts.map((a) => a.id),
        )
        .execute()
    ).map((row) => row.id),
  );
  const missing = accounts.filter((account) => !existing.has(account.id));
  if (missing.length === 0) return;
  const rows = await Promise.all(
    missing.map(async (account) => ({
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role,
      password_hash: await hashPassword(account.password),
      email_verified_at: new Date(),
    })),
  );
  // An e-mail already taken by someone else (a real account) is left alone rather than failing the start.
  await db
    .insertInto('users')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  log.info({ accounts: missing.map((a) => a.email) }, 'demo accounts seeded');
}
