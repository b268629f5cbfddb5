import { sql } from 'kysely';
import { type MigrationDb } from '@catalyst/service-kit';

// Ratings and reviews (issue 55): one review per learner and product, helpful votes (one per person), reports
// (one per person) for the moderators' queue, a reply by the creator or an admin, and the product's average
// and count kept on its row (recomputed in the transaction of each write, under the product row's lock).
// Frozen once landed: add a new migration instead.

export async function up(db: MigrationDb): Promise<void> {
  await sql`
    alter table products
      add column rating_average numeric(3, 2) check (rating_average is null or rating_average between 1 and 5),
      add column rating_count integer not null default 0 check (rating_count >= 0)`.execute(db);
  // The product lists' "rating" sort: best rated first, then most rated.
  await sql`create index products_listed_rating_idx on products (rating_average desc nulls last, rating_count desc, id) where listed`.execute(
    db,
  );

  await sql`
    create table reviews (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      seq bigint generated always as identity unique,
      product_id text not null references products (id) on delete cascade,
      author_id text not null,
      author_name text not null,
      rating smallint not null check (rating between 1 and 5),
      body_md text not null default '',
      body_html text not null default '',
      status text not null default 'visible' check (status in ('visible', 'hidden')),
      helpful_count integer not null default 0 check (helpful_count >= 0),
      report_count integer not null default 0 check (report_count >= 0),
      open_reports integer not null default 0 check (open_reports >= 0),
      last_reported_at timestamptz,
      reply_md text,
      reply_html text,
      reply_by_id text,
      reply_by_name text,
      reply_by_creator boolean,
      reply_created_at timestamptz,
      reply_updated_at timestamptz,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      unique (product_id, author_id)
    )`.execute(db);
  // A product's visible reviews in each order, as (key desc, seq desc) so a page goes on with one row comparison.
  await sql`create index reviews_newest_idx on reviews (product_id, seq desc) where status = 'visible'`.execute(
    db,
  );
  await sql`create index reviews_helpful_idx on reviews (product_id, helpful_count desc, seq desc) where status = 'visible'`.execute(
    db,
  );
  await sql`create index reviews_rating_idx on reviews (product_id, rating desc, seq desc) where status = 'visible'`.execute(
    db,
  );
  // The moderators' queue: open (most reported first) and resolved.
  await sql`create index reviews_open_reports_idx on reviews (open_reports desc, last_reported_at desc, id) where open_reports > 0`.execute(
    db,
  );
  await sql`create index reviews_resolved_reports_idx on reviews (last_reported_at desc, id) where report_count > 0 and open_reports = 0`.execute(
    db,
  );

  await sql`
    create table review_votes (
      review_id text not null references reviews (id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (review_id, user_id)
    )`.execute(db);

  await sql`
    create table review_reports (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      review_id text not null references reviews (id) on delete cascade,
      reporter_id text not null,
      reporter_name text not null,
      reason text not null,
      note text,
      status text not null default 'open' check (status in ('open', 'closed')),
      created_at timestamptz not null default now(),
      unique (review_id, reporter_id)
    )`.execute(db);

  // What moderators did to reviews, kept for audit (a review deleted by its author takes its lines with it).
  await sql`
    create table review_moderation_log (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      review_id text not null references reviews (id) on delete cascade,
      action text not null check (action in ('hide', 'restore', 'dismiss-reports')),
      moderator_id text not null,
      moderator_name text not null,
      reason text,
      created_at timestamptz not null default now()
    )`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table if exists review_moderation_log`.execute(db);
  await sql`drop table if exists review_reports`.execute(db);
  await sql`drop table if exists review_votes`.execute(db);
  await sql`drop table if exists reviews`.execute(db);
  await sql`drop index if exists products_listed_rating_idx`.execute(db);
  await sql`alter table products drop column if exists rating_count, drop column if exists rating_average`.execute(
    db,
  );
}
