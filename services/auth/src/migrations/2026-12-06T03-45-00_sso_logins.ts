import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Single sign-ons under way: what the callback must check (state, nonce, PKCE verifier), kept server-side
 * for 10 minutes and deleted by the callback that uses it, so a state works once.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('sso_logins')
    .addColumn('state_hash', 'text', (c) => c.primaryKey())
    .addColumn('nonce', 'text', (c) => c.notNull())
    .addColumn('code_verifier', 'text', (c) => c.notNull())
    .addColumn('team_id', 'text', (c) => c.notNull())
    .addColumn('issuer', 'text', (c) => c.notNull())
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('return_to', 'text', (c) => c.notNull())
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('expires_at', 'timestamptz', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('sso_logins_expires_idx').on('sso_logins').column('expires_at').execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('sso_logins').ifExists().execute();
}
