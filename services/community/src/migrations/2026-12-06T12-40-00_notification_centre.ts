import { sql } from 'kysely';
import { createEventCursors, dropEventCursors, type MigrationDb } from '@catalyst/service-kit';

/**
 * The notification centre: each person's notifications (kept 90 days; one per `dedupe_key`, so a job that runs
 * twice tells nobody twice), their per-type choices for the app and e-mail (no row: both on), and how far
 * community has read progress's and billing's event feeds (certificates, failing payments).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table notifications (
      seq bigserial primary key,
      user_id text not null,
      type text not null,
      dedupe_key text not null,
      title text not null,
      body text not null default '',
      link text not null,
      created_at timestamptz not null default now(),
      read_at timestamptz,
      unique (user_id, dedupe_key)
    )
  `.execute(db);
  await sql`create index notifications_user_idx on notifications (user_id, seq desc)`.execute(db);
  await sql`create index notifications_unread_idx on notifications (user_id) where read_at is null`.execute(
    db,
  );
  await sql`create index notifications_created_idx on notifications (created_at)`.execute(db);
  await sql`
    create table notification_preferences (
      user_id text not null,
      type text not null,
      in_app boolean not null default true,
      email boolean not null default true,
      primary key (user_id, type)
    )
  `.execute(db);
  // The in-app notice of a live session comes 10 minutes before (the e-mail an hour before): its own mark.
  await sql`alter table live_registrations add column noticed_for timestamptz`.execute(db);
  await createEventCursors(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await dropEventCursors(db);
  await sql`alter table live_registrations drop column noticed_for`.execute(db);
  await sql`drop table notification_preferences`.execute(db);
  await sql`drop table notifications`.execute(db);
}
