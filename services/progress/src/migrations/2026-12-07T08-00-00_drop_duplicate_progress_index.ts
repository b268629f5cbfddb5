import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * progress_user_recent is progress_user_updated_idx again, column for column (user_id, updated_at desc), and
 * every save wrote both: the queries that used it use the other, in plans of the same shape.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`drop index progress_user_recent`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`create index progress_user_recent on progress (user_id, updated_at desc)`.execute(db);
}
