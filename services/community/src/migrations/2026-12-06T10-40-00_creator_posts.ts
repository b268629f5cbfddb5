import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Posts written by the item's own creator (set when written: the badge stays true to who they were then),
 * and the studio's newest open questions across every item (an admin's list). Frozen once landed.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table posts add column author_is_creator boolean not null default false`.execute(db);
  await sql`create index threads_open_newest_idx on threads (created_at desc) where answer_post_id is null and not locked`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists threads_open_newest_idx`.execute(db);
  await sql`alter table posts drop column if exists author_is_creator`.execute(db);
}
