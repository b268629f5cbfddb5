import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import { defineDatabase } from '@catalyst/service-kit/service';
import type { Database } from './db/schema';
import { migrations } from './migrations';
import { hashPassword } from './passwords';
import type { UserMemo } from './users/user-memo';
import { findUserByEmail, insertUser, setRole } from './users/users.repository';
import { seedDemo } from './seed';

/** The auth schema: its migrations, then the demo accounts when seeding. */
export const database = defineDatabase<Database>({ schema: 'auth', migrations, seed: seedDemo });
export const { schema: SCHEMA, prepare: prepareDatabase } = database;

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
