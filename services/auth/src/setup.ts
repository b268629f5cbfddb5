import type { Kysely } from 'kysely';
import { migrateToLatest, type Logger } from '@catalyst/service-kit';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { hashPassword } from './passwords';
import type { UserMemo } from './users/user-memo';
import { findUserByEmail, insertUser, setRole } from './users/users.repository';
import { seedDemo } from './seed';

export const SCHEMA = 'auth';

/** Brings the schema to the latest migration and, when asked, seeds demo data into an empty database. */
export async function prepareDatabase(db: Kysely<Database>, { seed, log }: { seed: boolean; log: Logger }) {
  await migrateToLatest(db, SCHEMA, migrations, log);
  if (seed) await seedDemo(db, log);
}

/**
 * The first admin of a real deployment (ADMIN_EMAIL / ADMIN_PASSWORD): created verified when absent,
 * promoted when the account exists as a user. An existing password is never overwritten.
 */
export async function ensureFirstAdmin(
  db: Kysely<Database>,
  admin: { email: string; password: string; name: string },
  log: Logger,
  users?: Pick<UserMemo, 'forget'>,
) {
  const email = admin.email.trim().toLowerCase();
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    await insertUser(db, {
      name: admin.name,
      email,
      passwordHash: await hashPassword(admin.password),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    log.info({ email }, 'first admin created from ADMIN_EMAIL');
  } else if (existing.role !== 'admin') {
    await setRole(db, existing.id, 'admin');
    // Replicas already running may hold the account as a user.
    await users?.forget(existing.id);
    log.info({ email }, 'existing account promoted to admin from ADMIN_EMAIL');
  }
}
