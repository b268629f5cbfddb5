import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * The weekly e-mail: each person's choice and time zone (their browser's, sent once when signed in), and one row
 * per person and week, written in the same transaction as the digest's job is queued: the week's only e-mail.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table digest_settings (
      user_id text primary key,
      weekly boolean not null default true,
      time_zone text not null default 'UTC',
      updated_at timestamptz not null default now()
    )
  `.execute(db);
  await sql`create index digest_settings_zone_idx on digest_settings (time_zone) where weekly`.execute(db);
  await sql`
    create table digest_weeks (
      user_id text not null,
      week date not null,
      queued_at timestamptz not null default now(),
      settled_at timestamptz,
      outcome text check (outcome in ('sent', 'nothing', 'opted-out', 'gone')),
      primary key (user_id, week)
    )
  `.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`drop table digest_weeks`.execute(db);
  await sql`drop table digest_settings`.execute(db);
}
