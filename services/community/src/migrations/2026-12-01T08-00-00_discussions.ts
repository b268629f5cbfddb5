import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Discussions: threads on a product or one of its lessons, their posts (the opening post and the replies),
 * one upvote per person and post, one report per person and post, and the moderators' audit log.
 * `seq` columns order lists (keyset paging on integers: timestamps lose microseconds on the way to JS).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table threads (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      seq bigint generated always as identity unique,
      product_id text not null,
      lesson_id text,
      target text generated always as (product_id || '/' || coalesce(lesson_id, '')) stored,
      title text not null,
      author_id text not null,
      locked boolean not null default false,
      answer_post_id text,
      reply_count integer not null default 0 check (reply_count >= 0),
      upvotes integer not null default 0 check (upvotes >= 0),
      created_at timestamptz not null default now(),
      last_activity_at timestamptz not null default now()
    )
  `.execute(db);
  // The three sorts of a target's list: newest, top (the opening post's upvotes) and unanswered.
  await sql`create index threads_newest_idx on threads (target, seq desc)`.execute(db);
  await sql`create index threads_top_idx on threads (target, upvotes, seq)`.execute(db);
  await sql`create index threads_unanswered_idx on threads (target, seq desc) where answer_post_id is null`.execute(
    db,
  );

  // How many threads a target has, and how many of them are answered: the lists' totals without a count.
  await sql`
    create table discussion_targets (
      target text primary key,
      thread_count integer not null default 0 check (thread_count >= 0),
      answered_count integer not null default 0 check (answered_count >= 0)
    )
  `.execute(db);

  await sql`
    create table posts (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      seq bigint generated always as identity unique,
      thread_id text not null references threads (id) on delete cascade,
      is_opening boolean not null,
      author_id text not null,
      author_name text not null,
      author_is_admin boolean not null default false,
      body_md text not null,
      body_html text not null,
      created_at timestamptz not null default now(),
      edited_at timestamptz,
      status text not null default 'visible' check (status in ('visible', 'hidden', 'deleted')),
      moderated_at timestamptz,
      moderated_by text,
      moderation_reason text,
      upvotes integer not null default 0 check (upvotes >= 0),
      report_count integer not null default 0 check (report_count >= 0),
      open_reports integer not null default 0 check (open_reports >= 0),
      last_reported_at timestamptz
    )
  `.execute(db);
  await sql`create unique index posts_one_opening_idx on posts (thread_id) where is_opening`.execute(db);
  // A thread's replies, oldest or top first (keyset pages at any depth).
  await sql`create index posts_replies_oldest_idx on posts (thread_id, seq) where not is_opening`.execute(db);
  // Top first: most upvotes, then oldest; as (-upvotes, seq) ascending so a page goes on with one row comparison.
  await sql`create index posts_replies_top_idx on posts (thread_id, (-upvotes), seq) where not is_opening`.execute(
    db,
  );
  // The rate limit's and the author's own posts.
  await sql`create index posts_author_idx on posts (author_id, created_at desc)`.execute(db);
  // The reports queue: open (most reported first) and resolved.
  await sql`create index posts_open_reports_idx on posts (open_reports desc, last_reported_at desc, id) where open_reports > 0`.execute(
    db,
  );
  await sql`create index posts_resolved_reports_idx on posts (last_reported_at desc, id) where report_count > 0 and open_reports = 0`.execute(
    db,
  );

  await sql`
    create table post_votes (
      post_id text not null references posts (id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (post_id, user_id)
    )
  `.execute(db);

  await sql`
    create table post_reports (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      post_id text not null references posts (id) on delete cascade,
      reporter_id text not null,
      reporter_name text not null,
      reporter_is_admin boolean not null default false,
      reason text not null check (reason in ('spam', 'abuse', 'off-topic', 'other')),
      note text,
      status text not null default 'open' check (status in ('open', 'resolved')),
      created_at timestamptz not null default now(),
      resolved_at timestamptz,
      constraint post_reports_once unique (post_id, reporter_id)
    )
  `.execute(db);

  await sql`
    create table moderation_log (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      seq bigint generated always as identity unique,
      action text not null check (action in ('hide', 'restore', 'delete', 'lock', 'unlock', 'dismiss-reports', 'author-delete')),
      thread_id text not null,
      post_id text,
      moderator_id text not null,
      moderator_name text not null,
      moderator_is_admin boolean not null,
      reason text,
      created_at timestamptz not null default now()
    )
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of [
    'moderation_log',
    'post_reports',
    'post_votes',
    'posts',
    'discussion_targets',
    'threads',
  ])
    await db.schema.dropTable(table).execute();
}
