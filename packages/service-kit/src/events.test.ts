import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { DomainEvent } from '@catalyst/contracts';
import { createDb, migrateToLatest, type MigrationDb } from './db';
import {
  appendEvent,
  consumeEvents,
  createEventCursors,
  createEventOutbox,
  pruneEvents,
  readEvents,
} from './events';
import { createTestDatabase, testLog } from './testing';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: 'outbox', log: testLog });
  await migrateToLatest(db, 'outbox', {
    '2026-01-01_outbox': {
      up: async (k: MigrationDb) => {
        await createEventOutbox(k);
        await createEventCursors(k);
      },
      down: async () => {},
    },
  });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

const joined = (teamId: string) => ({ type: 'member.joined' as const, userId: 'u1', data: { teamId } });
/** Everything the feed has after `after`, once the cluster's other transactions (other test files) let it show. */
async function feedAfter(after: string, expected: number): Promise<DomainEvent[]> {
  let events: DomainEvent[] = [];
  await expect
    .poll(async () => (events = await readEvents(db, after, 100)).length, { timeout: 3_000, interval: 20 })
    .toBe(expected);
  return events;
}

describe('the event outbox', () => {
  it('keeps an event only when its transaction commits', async () => {
    await db
      .transaction()
      .execute(async (trx) => {
        await appendEvent(trx, joined('rolled-back'));
        throw new Error('the fact failed');
      })
      .catch(() => undefined);
    await db.transaction().execute((trx) => appendEvent(trx, joined('kept')));
    const events = await feedAfter('0', 1);
    expect(events[0]).toMatchObject({ type: 'member.joined', userId: 'u1', data: { teamId: 'kept' } });
    expect(events[0]!.seq).toMatch(/^\d+$/);
    expect(new Date(events[0]!.occurredAt).toISOString()).toBe(events[0]!.occurredAt);
  });

  it('never lets a reader skip an event committed late with a lower seq', async () => {
    const [start] = (await readEvents(db, '0', 100)).slice(-1);
    const first = await db.connection().execute(async (a) => {
      await sql`begin`.execute(a);
      await sql`select pg_current_xact_id()`.execute(a); // a takes the older transaction id
      return db.connection().execute(async (b) => {
        await sql`begin`.execute(b);
        await appendEvent(b, joined('lower seq, in flight')); // b takes the lower seq
        await appendEvent(a, joined('higher seq, committed first'));
        await sql`commit`.execute(a);
        const seen = await feedAfter(start!.seq, 1);
        expect(seen[0]!.data).toEqual({ teamId: 'higher seq, committed first' });
        await sql`commit`.execute(b);
        return seen[0]!;
      });
    });
    const late = await feedAfter(first.seq, 1);
    expect(late[0]!.data).toEqual({ teamId: 'lower seq, in flight' });
    expect(BigInt(late[0]!.seq)).toBeLessThan(BigInt(first.seq));
  });

  it('hands each event to a consumer once, in the cursor’s transaction, and resumes after a failure', async () => {
    await db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3]) await appendEvent(trx, joined(`c${n}`));
    });
    await feedAfter('0', 6);
    const seen: string[] = [];
    const consumer = {
      db,
      name: 'test',
      batch: 2,
      read: (after: string, limit: number) => readEvents(db, after, limit),
      handle: async (event: DomainEvent) => {
        if (event.type !== 'member.joined') return;
        if (event.data.teamId === 'c2' && !seen.includes('fail once')) {
          seen.push('fail once');
          throw new Error('the receiver is down');
        }
        seen.push(event.data.teamId);
      },
    };
    await expect(consumeEvents(consumer)).rejects.toThrow('the receiver is down');
    expect(await consumeEvents(consumer)).toBe(2);
    expect(await consumeEvents(consumer)).toBe(0);
    expect(seen).toEqual([
      'kept',
      'higher seq, committed first',
      'lower seq, in flight',
      'c1',
      'fail once',
      'c2',
      'c3',
    ]);
  });

  it('lets two replicas of a consumer share a feed, each event handled once', async () => {
    await db.transaction().execute(async (trx) => {
      for (const n of [1, 2, 3, 4, 5]) await appendEvent(trx, joined(`r${n}`));
    });
    await feedAfter('0', 11);
    const seen: string[] = [];
    const replica = () =>
      consumeEvents({
        db,
        name: 'replicas',
        batch: 2,
        read: (after, limit) => readEvents(db, after, limit),
        handle: async (event) => {
          await new Promise((done) => setTimeout(done, 5));
          if (event.type === 'member.joined') seen.push(event.data.teamId);
        },
      });
    const [a, b] = await Promise.all([replica(), replica()]);
    await replica();
    expect(seen).toHaveLength(11);
    expect(new Set(seen).size).toBe(11);
    expect(a + b).toBeLessThanOrEqual(11);
  });

  it('prunes events past their retention', async () => {
    await sql`update domain_events set occurred_at = now() - interval '31 days' where data->>'teamId' = 'kept'`.execute(
      db,
    );
    expect(await pruneEvents(db)).toBe(1);
    expect((await readEvents(db, '0', 100)).map((e) => e.data)).not.toContainEqual({ teamId: 'kept' });
  });
});
