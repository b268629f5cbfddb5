import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Live Q&A sessions of webinar products: one session per product, its registrations (with the start time
 * each member was reminded of), its questions and one upvote per person and question.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table live_sessions (
      product_id text primary key check (product_id ~ '^[0-9a-f]{24}$'),
      product_key text not null,
      title text not null,
      starts_at timestamptz not null,
      duration_minutes integer not null check (duration_minutes between 1 and 1440),
      join_url text not null,
      recording_asset_id text check (recording_asset_id ~ '^[0-9a-f]{24}$'),
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  // The reminder job's question: which sessions start within the next hour?
  await sql`create index live_sessions_starts_idx on live_sessions (starts_at)`.execute(db);

  await sql`
    create table live_registrations (
      product_id text not null references live_sessions (product_id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      reminded_for timestamptz,
      primary key (product_id, user_id)
    )
  `.execute(db);

  // Every change of a question takes the next number: an event stream resumes after the last one it saw.
  await sql`create sequence live_question_changes`.execute(db);
  await sql`
    create table live_questions (
      id text primary key check (id ~ '^[0-9a-f]{24}$'),
      seq bigint generated always as identity unique,
      product_id text not null references live_sessions (product_id) on delete cascade,
      author_id text not null,
      author_name text not null,
      author_is_admin boolean not null default false,
      body text not null,
      upvotes integer not null default 0 check (upvotes >= 0),
      answered_at timestamptz,
      created_at timestamptz not null default now(),
      change_seq bigint not null default nextval('live_question_changes')
    )
  `.execute(db);
  await sql`create index live_questions_board_idx on live_questions (product_id, upvotes desc, seq)`.execute(
    db,
  );
  await sql`create index live_questions_changes_idx on live_questions (product_id, change_seq)`.execute(db);

  await sql`
    create table live_question_votes (
      question_id text not null references live_questions (id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (question_id, user_id)
    )
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['live_question_votes', 'live_questions', 'live_registrations', 'live_sessions'])
    await db.schema.dropTable(table).execute();
  await sql`drop sequence live_question_changes`.execute(db);
}
