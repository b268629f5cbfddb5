import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Notification e-mails: who follows which thread, the replies waiting to be mailed (batched: at most one
 * e-mail per person per NOTIFICATION_INTERVAL_MINUTES), each person's last e-mail and opt-out, and a log
 * of every e-mail sent.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table thread_follows (
      thread_id text not null references threads (id) on delete cascade,
      user_id text not null,
      created_at timestamptz not null default now(),
      primary key (thread_id, user_id)
    )
  `.execute(db);
  await sql`create index thread_follows_user_idx on thread_follows (user_id)`.execute(db);

  // One row per person ever notified: when they were last mailed, whether replies wait, whether they opted out.
  await sql`
    create table mail_recipients (
      user_id text primary key,
      last_sent_at timestamptz,
      pending_since timestamptz,
      unsubscribed_at timestamptz
    )
  `.execute(db);
  // The flusher's question: who has replies waiting (and is out of their quiet interval)?
  await sql`create index mail_recipients_due_idx on mail_recipients (last_sent_at nulls first) where pending_since is not null`.execute(
    db,
  );

  await sql`
    create table pending_notifications (
      user_id text not null,
      post_id text not null references posts (id) on delete cascade,
      thread_id text not null references threads (id) on delete cascade,
      created_at timestamptz not null default now(),
      primary key (user_id, post_id)
    )
  `.execute(db);
  await sql`create index pending_notifications_thread_idx on pending_notifications (thread_id, user_id)`.execute(
    db,
  );

  await sql`
    create table notification_sends (
      id bigint generated always as identity primary key,
      user_id text not null,
      sent_at timestamptz not null,
      thread_count integer not null,
      reply_count integer not null
    )
  `.execute(db);
  await sql`create index notification_sends_user_idx on notification_sends (user_id, sent_at desc)`.execute(
    db,
  );
}

export async function down(db: MigrationDb): Promise<void> {
  for (const table of ['notification_sends', 'pending_notifications', 'mail_recipients', 'thread_follows'])
    await db.schema.dropTable(table).execute();
}
