import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * A creator's media library is the assets they uploaded (`created_by`, the uploader's account): listed newest
 * first, as the admin's whole library is.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index assets_created_by_idx on assets (created_by, created_at desc, id desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists assets_created_by_idx`.execute(db);
}
