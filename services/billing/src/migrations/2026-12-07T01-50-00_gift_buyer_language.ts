import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The language the buyer gave a gift in (their account's, else their page's): the recipient's e-mail, sent days
 * later with no request to ask, is written in it when the recipient's address has no account that chose one.
 * Gifts bought before have none and are mailed in English, as they were.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table gifts add column buyer_language text`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table gifts drop column buyer_language`.execute(db);
}
