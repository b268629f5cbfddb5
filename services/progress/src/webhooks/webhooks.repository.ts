import { sql, type Kysely } from 'kysely';
import type { DomainEvent, DomainEventType, WebhookDelivery, WebhookEndpoint } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { WebhookDeliveryRow, WebhookEndpointRow } from '../db/tables/webhooks';

type Db = Kysely<Database>;

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

export const toEndpoint = (row: WebhookEndpointRow): WebhookEndpoint => ({
  id: row.id,
  url: row.url,
  description: row.description,
  eventTypes: row.event_types,
  enabled: row.enabled,
  secretHint: row.secret_hint,
  createdAt: iso(row.created_at)!,
  disabledAt: iso(row.disabled_at),
  disabledReason: row.disabled_reason,
  failingSince: iso(row.failing_since),
  consecutiveFailures: row.consecutive_failures,
});

export async function listEndpoints(db: Db): Promise<WebhookEndpointRow[]> {
  return db.selectFrom('webhook_endpoints').selectAll().orderBy('created_at', 'desc').execute();
}

export async function findEndpoint(db: Db, id: string): Promise<WebhookEndpointRow | undefined> {
  return db.selectFrom('webhook_endpoints').selectAll().where('id', '=', id).executeTakeFirst();
}

export async function insertEndpoint(
  db: Db,
  row: {
    id: string;
    url: string;
    description: string;
    eventTypes: DomainEventType[];
    enabled: boolean;
    secretSealed: string;
    secretHint: string;
    createdByEmail: string | null;
  },
): Promise<WebhookEndpointRow> {
  return db
    .insertInto('webhook_endpoints')
    .values({
      id: row.id,
      url: row.url,
      description: row.description,
      event_types: row.eventTypes,
      enabled: row.enabled,
      secret_sealed: row.secretSealed,
      secret_hint: row.secretHint,
      created_by_email: row.createdByEmail,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEndpoint(
  db: Db,
  id: string,
  changes: { url?: string; description?: string; eventTypes?: DomainEventType[]; enabled?: boolean },
): Promise<WebhookEndpointRow | undefined> {
  return db
    .updateTable('webhook_endpoints')
    .set({
      ...(changes.url !== undefined ? { url: changes.url } : {}),
      ...(changes.description !== undefined ? { description: changes.description } : {}),
      ...(changes.eventTypes !== undefined ? { event_types: changes.eventTypes } : {}),
      ...(changes.enabled !== undefined ? { enabled: changes.enabled } : {}),
      // Turned on again (or off by hand): the failure record starts over.
      ...(changes.enabled !== undefined
        ? { disabled_at: null, disabled_reason: null, failing_since: null, consecutive_failures: 0 }
        : {}),
      updated_at: sql<Date>`now()`,
    })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirst();
}

export async function setEndpointSecret(
  db: Db,
  id: string,
  secretSealed: string,
  secretHint: string,
): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ secret_sealed: secretSealed, secret_hint: secretHint, updated_at: sql<Date>`now()` })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteEndpoint(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('webhook_endpoints').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The body every attempt of an event's delivery sends (Standard Webhooks' `type`, `timestamp`, `data`). */
export const payloadOf = (event: DomainEvent) =>
  JSON.stringify({
    id: event.id,
    type: event.type,
    timestamp: event.occurredAt,
    userId: event.userId,
    data: event.data,
  });

/** One delivery per enabled endpoint subscribed to the event's type; an event read twice is queued once. */
export async function enqueueDeliveries(trx: Db, event: DomainEvent, now: Date): Promise<void> {
  await sql`
    insert into webhook_deliveries (endpoint_id, event_id, event_type, payload, next_attempt_at, retry_from, created_at)
    select id, ${event.id}::uuid, ${event.type}, ${payloadOf(event)}::jsonb, ${now}, ${now}, ${now}
      from webhook_endpoints where enabled and ${event.type} = any (event_types)
    on conflict (endpoint_id, event_id) do nothing
  `.execute(trx);
}

export type DueDelivery = Pick<
  WebhookDeliveryRow,
  'id' | 'event_id' | 'payload' | 'attempts' | 'retry_from'
> & {
  endpoint_id: string;
  url: string;
  secret_sealed: string;
};

/**
 * Claims up to `limit` due deliveries of enabled endpoints for `leaseMs` (their next attempt moved past the
 * lease), so another replica's pass, or the next one here, does not send them while this one does.
 */
export async function claimDueDeliveries(
  db: Db,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<DueDelivery[]> {
  const { rows } = await sql<DueDelivery>`
    with due as (
      select d.id from webhook_deliveries d join webhook_endpoints e on e.id = d.endpoint_id
       where d.status = 'pending' and d.next_attempt_at <= ${now} and e.enabled
       order by d.next_attempt_at
       limit ${limit}
       for update of d skip locked
    )
    update webhook_deliveries d set next_attempt_at = ${new Date(now.getTime() + leaseMs)}
      from due, webhook_endpoints e
     where d.id = due.id and e.id = d.endpoint_id
    returning d.id, d.event_id, d.payload, d.attempts, d.retry_from, d.endpoint_id, e.url, e.secret_sealed
  `.execute(db);
  return rows;
}

export interface AttemptOutcome {
  at: Date;
  statusCode: number | null;
  durationMs: number;
  error: string | null;
  /** Null: no further attempt (delivered, or out of retries). */
  nextAttemptAt: Date | null;
  delivered: boolean;
}

/**
 * Records an attempt and its consequences in one transaction: the delivery's state, and the endpoint's failure
 * record (any success clears it). Answers the endpoint as it now stands.
 */
export async function recordAttempt(
  db: Db,
  delivery: DueDelivery,
  outcome: AttemptOutcome,
): Promise<WebhookEndpointRow | undefined> {
  return db.transaction().execute(async (trx) => {
    await trx
      .insertInto('webhook_attempts')
      .values({
        delivery_id: delivery.id,
        at: outcome.at,
        status_code: outcome.statusCode,
        duration_ms: outcome.durationMs,
        error: outcome.error,
      })
      .execute();
    await trx
      .updateTable('webhook_deliveries')
      .set({
        attempts: sql<number>`attempts + 1`,
        status: outcome.delivered ? 'delivered' : outcome.nextAttemptAt ? 'pending' : 'failed',
        next_attempt_at: outcome.nextAttemptAt,
        delivered_at: outcome.delivered ? outcome.at : null,
      })
      .where('id', '=', delivery.id)
      .execute();
    return trx
      .updateTable('webhook_endpoints')
      .set(
        outcome.delivered
          ? { failing_since: null, consecutive_failures: 0 }
          : {
              failing_since: sql<Date>`coalesce(failing_since, ${outcome.at})`,
              consecutive_failures: sql<number>`consecutive_failures + 1`,
            },
      )
      .where('id', '=', delivery.endpoint_id)
      .returningAll()
      .executeTakeFirst();
  });
}

/** Turns an endpoint off after sustained failure; answers false if it already was (another replica did). */
export async function disableEndpoint(db: Db, id: string, at: Date, reason: string): Promise<boolean> {
  const result = await db
    .updateTable('webhook_endpoints')
    .set({ enabled: false, disabled_at: at, disabled_reason: reason, updated_at: at })
    .where('id', '=', id)
    .where('enabled', '=', true)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

type DeliveryWithAttempts = WebhookDeliveryRow & {
  log: { at: string; status_code: number | null; duration_ms: number; error: string | null }[] | null;
};

const toDelivery = (row: DeliveryWithAttempts): WebhookDelivery => ({
  id: row.id,
  endpointId: row.endpoint_id,
  eventId: row.event_id,
  eventType: row.event_type,
  status: row.status,
  nextAttemptAt: iso(row.next_attempt_at),
  createdAt: iso(row.created_at)!,
  deliveredAt: iso(row.delivered_at),
  attempts: (row.log ?? []).map((a) => ({
    at: new Date(a.at).toISOString(),
    statusCode: a.status_code,
    durationMs: a.duration_ms,
    error: a.error,
  })),
});

const withAttempts = sql`
  select d.*, (
    select json_agg(json_build_object('at', a.at, 'status_code', a.status_code, 'duration_ms', a.duration_ms,
                                      'error', a.error) order by a.at desc, a.id desc)
      from webhook_attempts a where a.delivery_id = d.id
  ) as log
  from webhook_deliveries d`;

/** An endpoint's newest 50 deliveries with their attempts (webhook_deliveries_log). */
export async function listDeliveries(db: Db, endpointId: string): Promise<WebhookDelivery[]> {
  const { rows } = await sql<DeliveryWithAttempts>`
    ${withAttempts} where d.endpoint_id = ${endpointId} order by d.created_at desc, d.id limit 50
  `.execute(db);
  return rows.map(toDelivery);
}

export async function findDelivery(db: Db, id: string): Promise<WebhookDelivery | undefined> {
  const { rows } = await sql<DeliveryWithAttempts>`${withAttempts} where d.id = ${id}`.execute(db);
  return rows[0] && toDelivery(rows[0]);
}

/** An endpoint turned on again: what is still pending is tried at once, not at its back-off's time. */
export async function retryPendingNow(db: Db, endpointId: string, now: Date): Promise<void> {
  await db
    .updateTable('webhook_deliveries')
    .set({ next_attempt_at: now })
    .where('endpoint_id', '=', endpointId)
    .where('status', '=', 'pending')
    .execute();
}

/** The admin's replay: due now, with a fresh back-off (a delivered one is sent again too). */
export async function replayDelivery(db: Db, id: string, now: Date): Promise<boolean> {
  const result = await db
    .updateTable('webhook_deliveries')
    .set({ status: 'pending', next_attempt_at: now, retry_from: now, attempts: 0, delivered_at: null })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** The delivery log's retention: finished deliveries (and their attempts) older than `days` go. */
export async function pruneDeliveries(db: Db, now: Date, days = 30): Promise<number> {
  const result = await db
    .deleteFrom('webhook_deliveries')
    .where('status', '<>', 'pending')
    .where('created_at', '<', new Date(now.getTime() - days * 86_400_000))
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
