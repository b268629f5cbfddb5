import { sql } from 'kysely';
import type { MigrationDb } from '@catalyst/service-kit';

/**
 * Signed outgoing webhooks (issue 60): an admin's endpoints (the signing secret sealed), one delivery per endpoint
 * and event (retried with back-off until `next_attempt_at` is null) and every attempt's answer, the delivery log.
 */
export async function up(db: MigrationDb): Promise<void> {
  await sql`
    create table webhook_endpoints (
      id uuid primary key default gen_random_uuid(),
      url text not null,
      description text not null default '',
      event_types text[] not null,
      enabled boolean not null default true,
      secret_sealed text not null,
      secret_hint text not null,
      created_by_email text,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      disabled_at timestamptz,
      disabled_reason text,
      failing_since timestamptz,
      consecutive_failures int not null default 0
    )`.execute(db);
  await sql`
    create table webhook_deliveries (
      id uuid primary key default gen_random_uuid(),
      endpoint_id uuid not null references webhook_endpoints (id) on delete cascade,
      event_id uuid not null,
      event_type text not null,
      payload jsonb not null,
      status text not null default 'pending' check (status in ('pending', 'delivered', 'failed')),
      next_attempt_at timestamptz,
      -- Attempts since retry_from (its creation, or the admin's last replay): the back-off's place.
      attempts int not null default 0,
      retry_from timestamptz not null,
      created_at timestamptz not null,
      delivered_at timestamptz,
      unique (endpoint_id, event_id)
    )`.execute(db);
  await sql`create index webhook_deliveries_due on webhook_deliveries (next_attempt_at) where status = 'pending'`.execute(
    db,
  );
  await sql`create index webhook_deliveries_log on webhook_deliveries (endpoint_id, created_at desc)`.execute(
    db,
  );
  await sql`
    create table webhook_attempts (
      id bigint generated always as identity primary key,
      delivery_id uuid not null references webhook_deliveries (id) on delete cascade,
      at timestamptz not null,
      status_code int,
      duration_ms int not null,
      error text
    )`.execute(db);
  await sql`create index webhook_attempts_delivery on webhook_attempts (delivery_id, at desc)`.execute(db);
}

export async function down(db: MigrationDb): Promise<void> {
  await db.schema.dropTable('webhook_attempts').execute();
  await db.schema.dropTable('webhook_deliveries').execute();
  await db.schema.dropTable('webhook_endpoints').execute();
}
