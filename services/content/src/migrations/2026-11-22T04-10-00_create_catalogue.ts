import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

// Categories, creators and products with trigram search. Frozen once landed: add a new migration instead.
export async function up(db: MigrationDb): Promise<void> {
  // Extensions live in public so every schema's search_path (service schema, public) sees the operators.
  await sql`create extension if not exists pg_trgm with schema public`.execute(db);
  // array_to_string is only STABLE; this wrapper lets the tags take part in a generated column.
  await sql`create or replace function tags_text(tags text[]) returns text language sql immutable parallel safe as $$ select coalesce(array_to_string(tags, ' '), '') $$`.execute(
    db,
  );

  await sql`
    create table categories (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      name text not null check (char_length(name) between 2 and 50),
      description text not null,
      slug text not null check (slug ~ '^[a-z0-9-]+$'),
      icon text not null default '📁',
      color text not null default '#f59e0b',
      is_active boolean not null default true,
      sort_order integer not null default 0 check (sort_order >= 0),
      search_text text generated always as (lower(name || ' ' || description)) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index categories_slug_key on categories (slug)`.execute(db);
  await sql`create unique index categories_name_lower_key on categories (lower(name))`.execute(db);
  await sql`create index categories_listing_idx on categories (sort_order, name) where is_active`.execute(db);
  await sql`create index categories_search_trgm_idx on categories using gin (search_text gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table creators (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      name text not null,
      description text not null default '',
      slug text not null check (slug ~ '^[a-z0-9-]+$'),
      icon text not null default '🎓',
      color text not null default '#6366f1',
      is_active boolean not null default true,
      sort_order integer not null default 0 check (sort_order >= 0),
      search_text text generated always as (lower(name || ' ' || description)) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index creators_slug_key on creators (slug)`.execute(db);
  await sql`create index creators_listing_idx on creators (sort_order, name) where is_active`.execute(db);
  await sql`create index creators_search_trgm_idx on creators using gin (search_text gin_trgm_ops)`.execute(
    db,
  );

  await sql`
    create table products (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      product_id text not null check (product_id ~ '^[A-Za-z0-9]{4,16}$'),
      slug text not null check (slug ~ '^[a-z0-9-]+$'),
      title text not null check (char_length(title) between 1 and 200),
      description text not null,
      content text,
      category_id text not null references categories (id) on delete restrict,
      creator_id text not null references creators (id) on delete restrict,
      type text not null default 'course' check (type in ('course', 'tutorial', 'workshop', 'article', 'video', 'document', 'webinar')),
      difficulty text not null default 'beginner' check (difficulty in ('beginner', 'intermediate', 'advanced')),
      duration integer check (duration is null or duration >= 0),
      thumbnail text,
      video_url text,
      tags text[] not null default '{}',
      price numeric(10, 2) check (price is null or price >= 0),
      instructor text,
      enrolled_students integer not null default 0 check (enrolled_students >= 0),
      is_active boolean not null default true,
      is_published boolean not null default false,
      is_featured boolean not null default false,
      sort_order integer not null default 0 check (sort_order >= 0),
      created_by_id text,
      created_by_name text,
      created_by_email text,
      search_text text generated always as (lower(title || ' ' || description || ' ' || tags_text(tags))) stored,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )`.execute(db);
  await sql`create unique index products_slug_key on products (slug)`.execute(db);
  await sql`create unique index products_product_id_key on products (product_id)`.execute(db);
  // Public lists only ever read visible rows: partial indexes per list shape.
  await sql`create index products_visible_sort_idx on products (sort_order, created_at) where is_published and is_active`.execute(
    db,
  );
  await sql`create index products_visible_category_idx on products (category_id, sort_order) where is_published and is_active`.execute(
    db,
  );
  await sql`create index products_visible_creator_idx on products (creator_id, category_id, sort_order) where is_published and is_active`.execute(
    db,
  );
  await sql`create index products_visible_featured_idx on products (sort_order) where is_published and is_active and is_featured`.execute(
    db,
  );
  await sql`create index products_newest_idx on products (created_at desc)`.execute(db);
  await sql`create index products_search_trgm_idx on products using gin (search_text gin_trgm_ops)`.execute(
    db,
  );
  await sql`create index products_tags_idx on products using gin (tags)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists products`.execute(db);
  await sql`drop table if exists creators`.execute(db);
  await sql`drop table if exists categories`.execute(db);
  await sql`drop function if exists tags_text(text[])`.execute(db);
}
