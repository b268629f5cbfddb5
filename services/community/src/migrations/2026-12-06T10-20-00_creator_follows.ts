import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Following creators: who follows whom, the items content handed over (each fanned out once, ever), and the
 * news waiting to be mailed to each follower.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table creator_follows (
      creator_id text not null,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (creator_id, user_id)
    )
  `.execute(db);
  await sql`create index creator_follows_user_idx on creator_follows (user_id)`.execute(db);
  await sql`
    create table creator_news_items (
      product_id text primary key,
      creator_id text not null,
      queued_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`
    create table creator_news (
      user_id text not null,
      product_id text not null references creator_news_items (product_id) on delete cascade,
      creator_id text not null,
      queued_at timestamptz not null default now(),
      primary key (user_id, product_id)
    )
  `.execute(db);
  await sql`create index creator_news_queued_idx on creator_news (queued_at)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table creator_news`.execute(db);
  await sql`drop table creator_news_items`.execute(db);
  await sql`drop table creator_follows`.execute(db);
}
