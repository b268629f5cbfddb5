import { beforeAll, describe, expect, it } from 'vitest';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { SCHEMA, prepareDatabase } from '../setup';
import { createSaveBatcher } from './save-batcher';

const db = useTestDatabase<Database>(SCHEMA);

beforeAll(async () => {
  await prepareDatabase(db(), { seed: false, log: testLog });
});

const user = (i: number) => `u${String(i).padStart(23, '0')}`;
const product = (i: number) => `p${String(i).padStart(23, '0')}`;

describe('group commit of progress saves', () => {
  it('ends every row on its newest save when hundreds arrive at once, in any order', async () => {
    const saves = createSaveBatcher(db(), { maxInFlight: 2, maxBatch: 50 });
    const writes = [];
    for (let u = 0; u < 10; u++) for (let p = 0; p < 5; p++) for (let n = 1; n <= 8; n++) writes.push({ u, p, n });
    writes.sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      writes.map(({ u, p, n }) => saves.save(user(u), product(p), { progress: n * 10, lastPosition: n, completed: false, clientTime: 1_000 + n })),
    );
    expect(results).toHaveLength(400);
    const rows = await db().selectFrom('progress').selectAll().execute();
    expect(rows).toHaveLength(50);
    for (const row of rows) {
      expect(row.progress).toBe(80);
      expect(row.last_position).toBe(8);
      expect(row.client_ts).toBe(1_008);
    }
  });

  it('answers each save with its own outcome: applied, or ignored as older than the stored one', async () => {
    const saves = createSaveBatcher(db());
    const [newer, older] = await Promise.all([
      saves.save(user(90), product(1), { progress: 50, lastPosition: 5, completed: false, clientTime: 2_000 }),
      saves.save(user(90), product(1), { progress: 20, lastPosition: 2, completed: false, clientTime: 1_000 }),
    ]);
    expect(newer).toMatchObject({ applied: true, progress: 50 });
    expect(older).toMatchObject({ applied: false, progress: 50, lastPosition: 5 });
  });

  it('never moves a completed row back, batched or not', async () => {
    const saves = createSaveBatcher(db());
    await saves.save(user(91), product(1), { progress: 95, lastPosition: 9, completed: true, clientTime: 1 });
    const later = await Promise.all([
      saves.save(user(91), product(1), { progress: 10, lastPosition: 1, completed: false, clientTime: 2 }),
      saves.save(user(92), product(1), { progress: 10, lastPosition: 1, completed: false, clientTime: 2 }),
    ]);
    expect(later[0]).toMatchObject({ completed: true, progress: 95, lastPosition: 1 });
    expect(later[1]).toMatchObject({ completed: false, progress: 10 });
  });

  it("sends one learner's saves one statement at a time (Postgres would only make the second wait on the first), the later ones together", async () => {
    let running = 0;
    let mostAtOnce = 0;
    const statements: number[] = [];
    const counted = db().withPlugin({
      transformQuery: ({ node }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        statements.push(running);
        return node;
      },
      transformResult: async ({ result }) => {
        running -= 1;
        return result;
      },
    });
    const saves = createSaveBatcher(counted, { maxInFlight: 4 });
    const results = await Promise.all(
      [1, 2, 3, 4].map((p) => saves.save(user(93), product(p), { progress: 10 * p, lastPosition: p, completed: false, clientTime: 1_000 })),
    );
    expect(results.every((r) => r.applied)).toBe(true);
    expect(mostAtOnce).toBe(1);
    // The first save alone (sent at once), then the three that queued meanwhile in one statement.
    expect(statements).toHaveLength(2);
    const rows = await db().selectFrom('progress').selectAll().where('user_id', '=', user(93)).execute();
    expect(rows.map((r) => r.progress).sort((a, b) => a - b)).toEqual([10, 20, 30, 40]);
  });
});

