import { sql, type Kysely } from 'kysely';
import type { DomainEvent, DomainEventType, EventOf } from '@catalyst/contracts';
import type { MigrationDb } from './db';
import type { Logger } from './logger';
import { repeatEvery, type Repeating } from './repeat';

/*
 * The transactional outbox of a service's domain events (its own schema, rule 1). A fact and its event commit
 * together; consumers read the feed by cursor. Sequence numbers are taken before commit, so a transaction may
 * commit a lower `seq` after a higher one is visible: the feed is therefore read in the order transactions
 * finished — by (`tx`, `seq`), only transactions older than every one still in flight (the snapshot's xmin) —
 * and a cursor `after` stands for that event's (`tx`, `seq`), so nothing committed late is ever skipped.
 */

/** Creates `domain_events` and `append_domain_event(type, user_id, data)`, which triggers call. */
export async function createEventOutbox(db: MigrationDb): Promise<void> {
  await sql`
    create table domain_events (
      seq bigserial primary key,
      id uuid not null unique default gen_random_uuid(),
      type text not null,
      user_id text,
      occurred_at timestamptz not null default now(),
      data jsonb not null,
      tx xid8 not null default pg_current_xact_id()
    )`.execute(db);
  await sql`create index domain_events_feed on domain_events (tx, seq)`.execute(db);
  await sql`create index domain_events_age on domain_events (occurred_at)`.execute(db);
  await sql`
    create function append_domain_event(event_type text, event_user_id text, event_data jsonb) returns void
    language sql set search_path from current as $$
      insert into domain_events (type, user_id, data) values (event_type, event_user_id, event_data)
    $$`.execute(db);
}

export async function dropEventOutbox(db: MigrationDb): Promise<void> {
  await sql`drop function append_domain_event(text, text, jsonb)`.execute(db);
  await sql`drop table domain_events`.execute(db);
}

/** Creates `event_cursors`: how far each of the service's consumers (followEvents) has read. */
export async function createEventCursors(db: MigrationDb): Promise<void> {
  await sql`create table event_cursors (name text primary key, seq bigint not null default 0)`.execute(db);
}

export async function dropEventCursors(db: MigrationDb): Promise<void> {
  await sql`drop table event_cursors`.execute(db);
}

/** What a writer appends: the envelope's other fields are the outbox's. */
export type NewDomainEvent = {
  [T in DomainEventType]: Pick<EventOf<T>, 'type' | 'userId' | 'data'>;
}[DomainEventType];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any service's database (or transaction) holding the outbox
type AnyDb = Kysely<any>;

/** Appends an event in the caller's transaction (`trx`): it commits, or rolls back, with the fact. */
export async function appendEvent(trx: AnyDb, event: NewDomainEvent): Promise<void> {
  await sql`select append_domain_event(${event.type}, ${event.userId}, ${JSON.stringify(event.data)}::jsonb)`.execute(
    trx,
  );
}

interface EventRow {
  seq: string;
  id: string;
  type: string;
  user_id: string | null;
  occurred_at: Date;
  data: unknown;
}

/**
 * Up to `limit` events after the cursor `after` (an event's `seq`, '0' for the start), in the order their
 * transactions finished, none of a transaction still in flight. Read with a pool connection, not inside a
 * transaction that has written (its own xid would hold the feed back to itself).
 */
export async function readEvents(db: AnyDb, after: string, limit: number): Promise<DomainEvent[]> {
  // The cursor's own transaction; an event pruned meanwhile (a consumer 30 days behind) reads on by seq alone.
  const { rows } = await sql<EventRow>`
    with cursor as (
      select coalesce((select tx from domain_events where seq = ${after}::bigint), '0'::xid8) as tx, ${after}::bigint as seq
    )
    select e.seq::text as seq, e.id::text as id, e.type, e.user_id, e.occurred_at, e.data
      from domain_events e, cursor c
     where (e.tx, e.seq) > (c.tx, c.seq)
       and (c.tx <> '0'::xid8 or e.seq > c.seq)
       and e.tx < pg_snapshot_xmin(pg_current_snapshot())
     order by e.tx, e.seq
     limit ${limit}
  `.execute(db);
  return rows.map(
    (row) =>
      ({
        seq: row.seq,
        id: row.id,
        type: row.type,
        userId: row.user_id,
        occurredAt: new Date(row.occurred_at).toISOString(),
        data: row.data,
      }) as DomainEvent,
  );
}

/** Deletes events older than `days` (the owner's timer; consumers are expected to keep up well within it). */
export async function pruneEvents(db: AnyDb, days = 30): Promise<number> {
  const result =
    await sql`delete from domain_events where occurred_at < now() - make_interval(days => ${days})`.execute(
      db,
    );
  return Number(result.numAffectedRows ?? 0);
}

/** The owner's retention job: hourly, the first a minute after start; stop it on shutdown. */
export function pruneEventsHourly(db: AnyDb, log: Pick<Logger, 'warn'>): Repeating {
  return repeatEvery({
    name: 'events prune',
    everyMs: 3_600_000,
    firstAfterMs: 60_000,
    log,
    step: () => pruneEvents(db),
  });
}

/** The handler of an owner's feed route (`GET /internal/{owner}/events`, eventFeedQuerySchema). */
export const eventFeedHandler =
  (db: AnyDb) =>
  async ({ query }: { query: { after: string; limit: number } }) => ({
    events: await readEvents(db, query.after, query.limit),
  });

export interface EventConsumer {
  db: AnyDb;
  /** The cursor's name in `event_cursors`, e.g. `webhooks:billing`. */
  name: string;
  /** The feed: readEvents on the owner's database, or its internal route. */
  read: (after: string, limit: number) => Promise<DomainEvent[]>;
  /** Handles one event in the transaction that advances the cursor: writes there commit with it. */
  handle: (event: DomainEvent, trx: AnyDb) => Promise<void>;
  batch?: number;
}

/**
 * One pass of a consumer: reads pages until the feed is dry, handling each page's events and advancing the cursor
 * in one transaction, taken only once the page is read (a slow feed, a peer's route, holds no transaction open).
 * At-least-once (a handler's outside effects may repeat after a failure; dedupe on `id`); one replica at a time
 * (the cursor row is locked; a replica finding it locked, or moved on since it read, ends its round). Answers how
 * many events were handled.
 */
export async function consumeEvents({ db, name, read, handle, batch = 100 }: EventConsumer): Promise<number> {
  await sql`insert into event_cursors (name) values (${name}) on conflict (name) do nothing`.execute(db);
  let handled = 0;
  for (;;) {
    const { rows } = await sql<{ seq: string }>`
      select seq::text as seq from event_cursors where name = ${name}
    `.execute(db);
    const after = rows[0]!.seq;
    const events = await read(after, batch);
    if (events.length === 0) return handled;
    const page = await db.transaction().execute(async (trx) => {
      const locked = await sql<{ seq: string }>`
        select seq::text as seq from event_cursors where name = ${name} for update skip locked
      `.execute(trx);
      if (locked.rows[0]?.seq !== after) return 0;
      for (const event of events) await handle(event, trx);
      await sql`update event_cursors set seq = ${events.at(-1)!.seq}::bigint where name = ${name}`.execute(
        trx,
      );
      return events.length;
    });
    handled += page;
    if (page < batch) return handled;
  }
}

/** Runs consumeEvents every `everyMs` (service-kit's repeatEvery); stop it on shutdown. */
export function followEvents({
  everyMs,
  log,
  ...consumer
}: EventConsumer & { everyMs: number; log: Pick<Logger, 'warn'> }): Repeating {
  return repeatEvery({ name: `events ${consumer.name}`, everyMs, log, step: () => consumeEvents(consumer) });
}
