import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/** The creator studio counts a product's open questions (no answer, not locked) per product. Frozen once landed. */
export async function up(db: MigrationDb): Promise<void> {
  await sql`create index threads_waiting_idx on threads (product_id) where answer_post_id is null and not locked`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists threads_waiting_idx`.execute(db);
}
