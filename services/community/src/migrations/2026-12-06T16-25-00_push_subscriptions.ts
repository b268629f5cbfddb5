import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Web Push: each person's subscribed browsers (one row per push service endpoint, moved to whoever subscribed it
 * last), the queue of pushes to send (one per notification and device, retried with back-off), and a `push` switch
 * per type beside `in_app` and `email` (null: the type's default, PUSHED_BY_DEFAULT).
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table push_subscriptions (
      id bigserial primary key,
      user_id text not null,
      endpoint text not null unique,
      p256dh text not null,
      auth text not null,
      created_at timestamptz not null default now(),
      last_success_at timestamptz
    )
  `.execute(db);
  await sql`create index push_subscriptions_user_idx on push_subscriptions (user_id)`.execute(db);
  await sql`
    create table push_sends (
      id bigserial primary key,
      subscription_id bigint not null references push_subscriptions (id) on delete cascade,
      notification_seq bigint not null references notifications (seq) on delete cascade,
      attempts integer not null default 0,
      next_attempt_at timestamptz not null,
      last_error text,
      unique (subscription_id, notification_seq)
    )
  `.execute(db);
  await sql`create index push_sends_due_idx on push_sends (next_attempt_at)`.execute(db);
  await sql`alter table notification_preferences add column push boolean`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await sql`alter table notification_preferences drop column push`.execute(db);
  await sql`drop table push_sends`.execute(db);
  await sql`drop table push_subscriptions`.execute(db);
}
