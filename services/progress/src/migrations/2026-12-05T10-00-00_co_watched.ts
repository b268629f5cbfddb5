import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Item-to-item co-watching: for each product, the other products its learners watched and how many learners
 * watched both. Derived from `progress` by the refresh job (never written by a request), read by content's
 * "Because you watched" row through the learner signals route.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table co_watched (
      product_id text not null,
      other_id text not null,
      learners integer not null check (learners > 0),
      primary key (product_id, other_id)
    )
  `.execute(db);
  await sql`create index co_watched_rank on co_watched (product_id, learners desc, other_id)`.execute(db);
  // The learner's recent products, newest first (the signals route reads them per request).
  await sql`create index progress_user_recent on progress (user_id, updated_at desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index progress_user_recent`.execute(db);
  await sql`drop table co_watched`.execute(db);
}
