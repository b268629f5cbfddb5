import { sql, type Kysely } from 'kysely';

/** One-time links serve e-mail verification and password reset: a purpose tells them apart. */
export async function up(db: Kysely<any>): Promise<void> {
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

export async function down(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('email_verifications').where('purpose', '<>', 'verify-email').execute();
  await db.schema.alterTable('email_verifications').dropColumn('purpose').execute();
}
