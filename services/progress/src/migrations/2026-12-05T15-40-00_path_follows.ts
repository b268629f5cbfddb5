import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Learning paths (issue 57; content owns the paths): who follows which path, and the path certificate. A path
 * certificate is a certificate like a course's, keyed by the path's id in place of a product's (ids are
 * content's, never shared between a path and a product), so the unique (user, product) pair issues it once;
 * `kind` says which it is (its credential's achievement type: LearningProgram for a path). Frozen once
 * landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table path_follows (
      user_id text not null,
      path_id text not null check (path_id ~ '^[0-9a-f]{24}$'),
      followed_at timestamptz not null default now(),
      primary key (user_id, path_id)
    )`.execute(db);
  await sql`alter table certificates add column kind text not null default 'course' check (kind in ('course', 'path'))`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table certificates drop column if exists kind`.execute(db);
  await sql`drop table if exists path_follows`.execute(db);
}
