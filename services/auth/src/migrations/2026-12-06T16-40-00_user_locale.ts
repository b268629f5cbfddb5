import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** The language an account is shown in; null until the person picks one (their browser's is used meanwhile). */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table users add column locale text check (locale in ('en', 'es', 'de', 'ar'))`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table users drop column locale`.execute(db);
}
