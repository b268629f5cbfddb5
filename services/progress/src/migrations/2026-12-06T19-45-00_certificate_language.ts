import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** The language the learner had chosen when the certificate was issued: its PDF's words; null is English. */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table certificates add column language text check (language in ('en', 'es', 'de', 'ar'))`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table certificates drop column language`.execute(db);
}
