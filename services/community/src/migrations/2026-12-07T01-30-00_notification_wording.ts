import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A notification keeps what its words are made of (`wording`: which sentence, `wording_values`: the names, counts
 * and dates in it), so each reader gets it in their own language; `title` and `body` keep the English. Rows
 * stored before have no wording and keep reading their stored English.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table notifications add column wording text, add column wording_values jsonb`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table notifications drop column wording, drop column wording_values`.execute(db);
}
