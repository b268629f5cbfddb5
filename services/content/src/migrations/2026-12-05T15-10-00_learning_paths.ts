import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Learning paths (issue 57): an admin's ordered list of the catalogue's products and courses (a course is a
 * product of type course) with a title, description, level and estimated hours, published under Browse →
 * Paths. An item goes with its product; a product is in a path once. Frozen once landed: add a new migration
 * instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table learning_paths (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      slug text not null check (slug ~ '^[a-z0-9-]+$'),
      title text not null check (char_length(title) between 1 and 200),
      description text not null,
      level text not null check (level in ('beginner', 'intermediate', 'advanced')),
      estimated_hours numeric(5, 1) not null check (estimated_hours > 0),
      is_published boolean not null default false,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index learning_paths_slug_key on learning_paths (slug)`.execute(db);
  // Browse → Paths: the published ones, newest first.
  await sql`create index learning_paths_published_idx on learning_paths (created_at desc) where is_published`.execute(
    db,
  );

  await sql`
    create table learning_path_items (
      path_id text not null references learning_paths (id) on delete cascade,
      position integer not null check (position >= 0),
      product_id text not null references products (id) on delete cascade,
      primary key (path_id, position),
      constraint learning_path_items_product_key unique (path_id, product_id)
    )`.execute(db);
  // A product's delete takes its items with it (the cascade reads this).
  await sql`create index learning_path_items_product_idx on learning_path_items (product_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists learning_path_items`.execute(db);
  await sql`drop table if exists learning_paths`.execute(db);
}
