import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Creator analytics (issue 59): every applied position save records what it credited (`watch_events`, written in
 * the save's own statement); a job rolls them into `item_days` and refreshes each touched product's standing
 * (`item_figures`, `lesson_figures`), so the studio never reads progress. `paid` is null until the job has rolled
 * the event (then whether the watcher was paying). Frozen once landed: add a new migration instead.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table watch_events (
      id bigint generated always as identity primary key,
      user_id text not null,
      product_id text not null,
      lesson_id text,
      day date not null,
      seconds double precision not null check (seconds > 0),
      paid boolean
    )`.execute(db);
  await sql`create index watch_events_unrolled on watch_events (id) where paid is null`.execute(db);
  await sql`create index watch_events_product_day on watch_events (product_id, day)`.execute(db);
  await sql`
    create table item_days (
      product_id text not null,
      day date not null,
      seconds double precision not null default 0,
      paid_seconds double precision not null default 0,
      learners int not null default 0,
      completions int not null default 0,
      primary key (product_id, day)
    )`.execute(db);
  await sql`create index item_days_day on item_days (day, product_id)`.execute(db);
  await sql`
    create table item_figures (
      product_id text primary key,
      learners int not null,
      percent_average double precision not null,
      completed int not null,
      refreshed_at timestamptz not null default now()
    )`.execute(db);
  await sql`
    create table lesson_figures (
      product_id text not null,
      lesson_id text not null,
      started int not null,
      finished int not null,
      primary key (product_id, lesson_id)
    )`.execute(db);
  await sql`create table analytics_rollup_state (id boolean primary key default true check (id), completions_until timestamptz not null)`.execute(
    db,
  );
  // Completions are rolled from the product rows by time, so that range needs an index.
  await sql`create index progress_completed_at on progress (completed_at) where completed_at is not null`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop index if exists progress_completed_at`.execute(db);
  await sql`drop table if exists analytics_rollup_state, lesson_figures, item_figures, item_days, watch_events`.execute(
    db,
  );
}
