import { beforeAll, describe, expect, it, vi } from 'vitest';
import { sql } from 'kysely';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { SCHEMA, prepareDatabase } from '../setup';
import { saveProgressMany, type ProgressWrite } from './progress.repository';
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
    for (let u = 0; u < 10; u++)
      for (let p = 0; p < 5; p++) for (let n = 1; n <= 8; n++) writes.push({ u, p, n });
    writes.sort(() => Math.random() - 0.5);
    const results = await Promise.all(
      writes.map(({ u, p, n }) =>
        saves.save(user(u), product(p), {
          progress: n * 10,
          lastPosition: n,
          completed: false,
          clientTime: 1_000 + n,
        }),
      ),
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
      saves.save(user(90), product(1), {
        progress: 50,
        lastPosition: 5,
        completed: false,
        clientTime: 2_000,
      }),
      saves.save(user(90), product(1), {
        progress: 20,
        lastPosition: 2,
        completed: false,
        clientTime: 1_000,
      }),
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

  it('sends the saves queued in one pass (a gathered batch) as one statement, whatever their learners', async () => {
    const statements: number[] = [];
    const counted = db().withPlugin({
      transformQuery: ({ node }) => (statements.push(1), node),
      transformResult: async ({ result }) => result,
    });
    const saves = createSaveBatcher(counted, { maxInFlight: 4 });
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((n) =>
        saves.save(user(100 + (n % 3)), product(n), {
          progress: 10 * n,
          lastPosition: n,
          completed: false,
          clientTime: 1_000,
        }),
      ),
    );
    expect(results.map((r) => r.progress)).toEqual([10, 20, 30, 40, 50, 60]);
    expect(statements).toHaveLength(1);
  });

  it("sends one learner's saves one statement at a time (Postgres would only make the second wait on the first), the later ones together", async () => {
    let running = 0;
    let mostAtOnce = 0;
    const statements: number[] = [];
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const counted = db().withPlugin({
      transformQuery: ({ node }) => {
        running += 1;
        mostAtOnce = Math.max(mostAtOnce, running);
        statements.push(running);
        return node;
      },
      transformResult: async ({ result }) => {
        if (statements.length === 1) await held; // the first statement stays in flight until the rest queued
        running -= 1;
        return result;
      },
    });
    const saves = createSaveBatcher(counted, { maxInFlight: 4 });
    const write = (p: number) => ({ progress: 10 * p, lastPosition: p, completed: false, clientTime: 1_000 });
    const first = saves.save(user(93), product(1), write(1));
    await vi.waitFor(() => expect(statements).toHaveLength(1));
    const later = [2, 3, 4].map((p) => saves.save(user(93), product(p), write(p)));
    release();
    const results = await Promise.all([first, ...later]);
    expect(results.every((r) => r.applied)).toBe(true);
    expect(mostAtOnce).toBe(1);
    // The first save alone, then the three that queued while it was in flight in one statement.
    expect(statements).toHaveLength(2);
    const rows = await db().selectFrom('progress').selectAll().where('user_id', '=', user(93)).execute();
    expect(rows.map((r) => r.progress).sort((a, b) => a - b)).toEqual([10, 20, 30, 40]);
  });

  it("sends a learner's saves of one product that queued together in one statement, ending on the newest, each answered with its own outcome", async () => {
    let statements = 0;
    const counted = db().withPlugin({
      transformQuery: ({ node }) => ((statements += 1), node),
      transformResult: async ({ result }) => result,
    });
    const saves = createSaveBatcher(counted);
    const write = (n: number) => ({
      progress: 10 * n,
      lastPosition: n,
      completed: false,
      clientTime: 1_000 * n,
    });
    const answers = await Promise.all(
      [1, 3, 2, 4].map((n) => saves.save(user(94), product(1), write(n))), // 2 is older than the 3 before it
    );
    expect(statements).toBe(1);
    expect(answers.map((r) => r.applied)).toEqual([true, true, false, true]);
    for (const answer of answers)
      expect(answer).toMatchObject({ progress: 40, lastPosition: 4, furthestPosition: 4 });
  });

  it("fails only the save Postgres refuses, and keeps a row's other saves in their order", async () => {
    const saves = createSaveBatcher(db());
    const save = (u: number, progress: number, clientTime: number) =>
      saves.save(user(u), product(3), { progress, lastPosition: progress, completed: false, clientTime });
    const outcomes = await Promise.allSettled([
      save(96, 10, 1), // all four in one statement, which Postgres refuses: each row's saves are then retried alone
      save(97, 40_000, 1), // out of a smallint's range: Postgres refuses the statement holding it
      save(98, 20, 1),
      save(98, 30, 2),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['fulfilled', 'rejected', 'fulfilled', 'fulfilled']);
    const rows = await db()
      .selectFrom('progress')
      .select(['user_id', 'progress'])
      .where('product_id', '=', product(3))
      .where('user_id', 'in', [user(96), user(97), user(98)])
      .orderBy('user_id')
      .execute();
    expect(rows).toEqual([
      { user_id: user(96), progress: 10 },
      { user_id: user(98), progress: 30 },
    ]);
  });
});

/** One row's saves in one call must end exactly as the same saves one call each, in order. */
describe('several saves of one row in one statement', () => {
  const figures = (row: {
    progress: number;
    lastPosition: number;
    furthestPosition: number;
    completed: boolean;
  }) => ({
    progress: row.progress,
    lastPosition: row.lastPosition,
    furthestPosition: row.furthestPosition,
    completed: row.completed,
  });
  const stored = async (userId: string, productId: string) =>
    db()
      .selectFrom('progress')
      .select(['progress', 'last_position', 'furthest_position', 'completed', 'client_ts'])
      .where('user_id', '=', userId)
      .where('product_id', '=', productId)
      .executeTakeFirst();

  it("end as if applied one after another, in the order given: the row and every save's outcome", async () => {
    const pick = <T>(options: T[]) => options[Math.floor(Math.random() * options.length)]!;
    for (let round = 0; round < 60; round++) {
      const start: ProgressWrite | null = pick([
        null,
        { progress: 50, lastPosition: 50, completed: false, clientTime: pick([null, 5]) },
        { progress: 70, lastPosition: 70, completed: true, clientTime: 5 },
      ]);
      const writes: ProgressWrite[] = Array.from({ length: 2 + Math.floor(Math.random() * 5) }, () => {
        const position = Math.floor(Math.random() * 100);
        return {
          progress: position,
          lastPosition: position,
          completed: Math.random() < 0.15,
          clientTime: pick([null, 1, 3, 5, 7, 9]),
        };
      });
      const [one, together] = [user(200 + 2 * round), user(201 + 2 * round)];
      if (start)
        await saveProgressMany(
          db(),
          [one, together].map((userId) => ({ userId, productId: product(1), write: start })),
        );
      const inTurn = [];
      for (const write of writes)
        inTurn.push(...(await saveProgressMany(db(), [{ userId: one, productId: product(1), write }])));
      const merged = await saveProgressMany(
        db(),
        writes.map((write) => ({ userId: together, productId: product(1), write })),
      );
      const context = JSON.stringify({ start, writes });
      expect(
        merged.map((r) => r.applied),
        context,
      ).toEqual(inTurn.map((r) => r.applied));
      expect(figures(merged.at(-1)!), context).toEqual(figures(inTurn.at(-1)!));
      expect((await stored(together, product(1)))?.client_ts, context).toBe(
        (await stored(one, product(1)))?.client_ts,
      );
    }
  });

  it("credits the learning time of a row's saves once, from where the row stood before the statement", async () => {
    const learned = async (userId: string) =>
      Number(
        (
          await db()
            .selectFrom('learning_days')
            .select(sql<number>`coalesce(sum(seconds), 0)::int`.as('s'))
            .where('user_id', '=', userId)
            .executeTakeFirstOrThrow()
        ).s,
      );
    const learner = user(95);
    await saveProgressMany(db(), [
      {
        userId: learner,
        productId: product(2),
        write: { progress: 10, lastPosition: 100, completed: false, clientTime: 1 },
      },
    ]);
    await db()
      .updateTable('progress')
      .set({ updated_at: sql`now() - interval '1 hour'` })
      .where('user_id', '=', learner)
      .execute();
    const before = await learned(learner);
    await saveProgressMany(
      db(),
      [110, 120, 130].map((lastPosition, i) => ({
        userId: learner,
        productId: product(2),
        write: { progress: 20, lastPosition, completed: false, clientTime: 2 + i },
      })),
    );
    expect((await learned(learner)) - before).toBe(30);
  });
});
