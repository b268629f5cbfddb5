import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The credential issuer's keys and the credentials signed with them. A key is active until a newer one
 * retires it; retired keys stay (their public half is still published, so what they signed still verifies).
 * A key given by configuration is recorded without its private half, for the same reason.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('signing_keys')
    .addColumn('kid', 'text', (c) => c.primaryKey())
    .addColumn('public_jwk', 'jsonb', (c) => c.notNull())
    .addColumn('private_jwk', 'jsonb')
    .addColumn('created_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .addColumn('retired_at', 'timestamptz')
    .execute();
  // At most one active key, whatever two processes starting at once try.
  await sql`create unique index signing_keys_one_active on signing_keys ((true)) where retired_at is null`.execute(
    db,
  );

  await db.schema
    .createTable('certificate_credentials')
    .addColumn('code', 'text', (c) => c.primaryKey())
    .addColumn('jwt', 'text', (c) => c.notNull())
    .addColumn('kid', 'text', (c) => c.notNull().references('signing_keys.kid'))
    .addColumn('signed_at', 'timestamptz', (c) => c.notNull().defaultTo(sql`now()`))
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('certificate_credentials').execute();
  await db.schema.dropTable('signing_keys').execute();
}
