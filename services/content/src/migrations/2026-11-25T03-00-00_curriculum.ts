import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Courses' curricula: ordered sections of ordered lessons, each lesson with its downloadable resources, and
 * the product's curriculum version (the editor's check against another admin's save). A product without
 * sections is a single-video product, as every product was before this migration.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`alter table products add column curriculum_version integer not null default 0 check (curriculum_version >= 0)`.execute(
    db,
  );

  await sql`
    create table course_sections (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      product_id text not null references products (id) on delete cascade,
      title text not null check (char_length(title) between 1 and 200),
      position integer not null check (position >= 0)
    )`.execute(db);
  // The outline reads a product's sections in order.
  await sql`create index course_sections_product_idx on course_sections (product_id, position)`.execute(db);

  await sql`
    create table course_lessons (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      section_id text not null references course_sections (id) on delete cascade,
      product_id text not null references products (id) on delete cascade,
      title text not null check (char_length(title) between 1 and 200),
      kind text not null check (kind in ('video', 'article', 'quiz')),
      position integer not null check (position >= 0),
      duration_seconds integer check (duration_seconds is null or duration_seconds >= 0),
      is_free_preview boolean not null default false,
      video_url text,
      media_asset_id text,
      -- An article's sanitised HTML.
      body text
    )`.execute(db);
  // A product's lessons in order (outline, progress's lesson list), and a section's.
  await sql`create index course_lessons_product_idx on course_lessons (product_id, section_id, position)`.execute(
    db,
  );
  await sql`create index course_lessons_section_idx on course_lessons (section_id, position)`.execute(db);
  // Media asks which products use an asset (its delete refuses while any does).
  await sql`create index course_lessons_media_asset_idx on course_lessons (media_asset_id) where media_asset_id is not null`.execute(
    db,
  );

  await sql`
    create table lesson_resources (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      lesson_id text not null references course_lessons (id) on delete cascade,
      title text not null check (char_length(title) between 1 and 200),
      media_asset_id text not null,
      file_name text not null,
      mime_type text not null,
      size_bytes bigint not null check (size_bytes >= 0),
      position integer not null check (position >= 0)
    )`.execute(db);
  await sql`create index lesson_resources_lesson_idx on lesson_resources (lesson_id, position)`.execute(db);
  await sql`create index lesson_resources_media_asset_idx on lesson_resources (media_asset_id)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists lesson_resources`.execute(db);
  await sql`drop table if exists course_lessons`.execute(db);
  await sql`drop table if exists course_sections`.execute(db);
  await sql`alter table products drop column if exists curriculum_version`.execute(db);
}
