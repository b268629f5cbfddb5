import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Learning time per learner and UTC day, credited by each applied position save (the learning record's
 * minutes per week and streaks). The primary key serves every read: one learner's days in order.
 */
export async function up(db: MigrationDb): Promise<void> {
  await db.schema
    .createTable('learning_days')
    .addColumn('user_id', 'text', (c) => c.notNull())
    .addColumn('day', 'date', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`seconds >= 0`),
    )
    .addPrimaryKeyConstraint('learning_days_pkey', ['user_id', 'day'])
    .execute();
  // Backfill, so existing learners do not start at zero: each row's furthest point (seconds) is credited to
  // the day it was last saved. A course's own row is the figure derived from its lesson rows, so only its
  // lessons count (its furthest point is theirs again).
  await sql`
    insert into learning_days (user_id, day, seconds)
    select user_id, (updated_at at time zone 'utc')::date, round(sum(furthest_position))::int
      from (
        select user_id, updated_at, furthest_position from lesson_progress
        union all
        select p.user_id, p.updated_at, p.furthest_position from progress p
         where not exists (select 1 from lesson_progress l where l.user_id = p.user_id and l.product_id = p.product_id)
      ) rows
     where furthest_position > 0
     group by 1, 2
    having round(sum(furthest_position)) > 0
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('learning_days').execute();
}
