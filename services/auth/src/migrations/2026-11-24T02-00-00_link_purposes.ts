import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** One-time links serve e-mail verification and password reset: a purpose tells them apart. */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .alterTable('email_verifications')
    .addColumn('purpose', 'text', (c) =>
      c
        .notNull()
        .defaultTo('verify-email')
        .check(sql`purpose in ('verify-email', 'reset-password')`),
    )
    .execute();
}

export async function down(db: MigrationDb): Promise<void> {
  await db.deleteFrom('email_verifications').where('purpose', '<>', 'verify-email').execute();
  await db.schema.alterTable('email_verifications').dropColumn('purpose').execute();
}
