import type { Kysely } from 'kysely';
import { demoSignIns, type Role } from '@catalyst/contracts';
import { demoEntityId, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import { hashPassword } from './passwords';

/**
 * Demo accounts (and the demo team's) with their fixed ids, e-mails verified; idempotent, so a second start
 * changes nothing.
 */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const accounts = demoSignIns;
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
  // One hash per published password (the team's members share one): argon2 is slow on purpose.
  const hashes = new Map(
    await Promise.all(
      [...new Set(missing.map((a) => a.password))].map(async (p) => [p, await hashPassword(p)] as const),
    ),
  );
  const rows = missing.map((account) => ({
    id: account.id,
    name: account.name,
    email: account.email,
    role: account.role as Role,
    creator_id: account.creatorSlug ? demoEntityId('creator', account.creatorSlug) : null,
    password_hash: hashes.get(account.password)!,
    email_verified_at: new Date(),
  }));
  // An e-mail already taken by someone else (a real account) is left alone rather than failing the start.
  await db
    .insertInto('users')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  log.info({ accounts: missing.map((a) => a.email) }, 'demo accounts seeded');
}
