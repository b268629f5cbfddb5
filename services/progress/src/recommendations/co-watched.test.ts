import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteData, progressInternalRoutes } from '@catalyst/contracts';
import { internalHeaders, testLog } from '@catalyst/service-kit/testing';
import { createTestContext } from '../test-support';
import { refreshCoWatched } from './co-watched.repository';
import { scheduleCoWatchedRefresh } from './refresh-job';

type Signals = RouteData<typeof progressInternalRoutes.learnerSignals>;

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const learner = (n: number) => `a0000000000000000000000${n}`;
const product = (letter: string) => `b00000000000000000000${letter.repeat(3)}`;
const [python, pandas, sql, design, rust] = ['a', 'b', 'c', 'd', 'e'].map(product) as [
  string,
  string,
  string,
  string,
  string,
];

/** One progress row, `minutesAgo` old (the learner's order of recency), as the player's saves leave it. */
async function watch(
  userId: string,
  productId: string,
  minutesAgo: number,
  { progress = 30, completed = false } = {},
) {
  const at = new Date(Date.now() - minutesAgo * 60_000);
  await ctx.db
    .insertInto('progress')
    .values({ user_id: userId, product_id: productId, progress, completed, created_at: at, updated_at: at })
    .execute();
}

const signals = async (userId: string) => {
  const res = await ctx.app.request(`/internal/progress/users/${userId}/signals`, {
    headers: internalHeaders(),
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Signals }).data;
};

describe('co-watching and GET /internal/progress/users/:userId/signals', () => {
  beforeAll(async () => {
    // Python's learners: three also watched Pandas, two SQL, one Design; a started-at-0 row is not watching.
    await watch(learner(1), python, 10);
    await watch(learner(1), pandas, 20);
    await watch(learner(1), sql, 30);
    await watch(learner(2), python, 10);
    await watch(learner(2), pandas, 20);
    await watch(learner(2), sql, 30);
    await watch(learner(3), python, 10);
    await watch(learner(3), pandas, 20);
    await watch(learner(3), design, 30);
    await watch(learner(3), rust, 40, { progress: 0 });
    // The learner the rows are for: Python most recently, SQL finished before.
    await watch(learner(9), python, 1);
    await watch(learner(9), sql, 5, { progress: 100, completed: true });
    expect(await refreshCoWatched(ctx.db)).toBeGreaterThan(0);
  });

  it('ranks the products co-watched with a seed by how many learners watched both', async () => {
    const answer = await signals(learner(9));
    expect(answer.watched).toEqual([python, sql]);
    expect(answer.completed).toEqual([sql]);
    expect(answer.coWatched[0]).toEqual({
      productId: python,
      others: [
        { productId: pandas, learners: 3 },
        { productId: sql, learners: 3 },
        { productId: design, learners: 1 },
      ],
    });
    // A row with no progress yet is not watching: Rust is co-watched with nothing.
    expect(answer.coWatched[0]!.others.map((o) => o.productId)).not.toContain(rust);
  });

  it('answers a learner without progress with empty signals', async () => {
    expect(await signals(learner(7))).toEqual({ watched: [], completed: [], coWatched: [] });
  });

  it('counts new progress only once the refresh job has run again', async () => {
    await watch(learner(4), python, 3);
    await watch(learner(4), design, 4);
    await watch(learner(5), python, 3);
    await watch(learner(5), design, 4);
    await watch(learner(6), python, 3);
    await watch(learner(6), design, 4);
    const before = (await signals(learner(9))).coWatched[0]!.others;
    expect(before[0]).toEqual({ productId: pandas, learners: 3 });

    await refreshCoWatched(ctx.db);
    const after = (await signals(learner(9))).coWatched[0]!.others;
    expect(after.map((o) => [o.productId, o.learners])).toEqual([
      [design, 4],
      [pandas, 3],
      [sql, 3],
    ]);
  });

  it('lets one refresh run at a time (a second one, while the first holds the lock, does nothing)', async () => {
    const [first, second] = await Promise.all([refreshCoWatched(ctx.db), refreshCoWatched(ctx.db)]);
    expect([first, second].filter((pairs) => pairs === null).length).toBeLessThanOrEqual(1);
    expect([first, second].some((pairs) => pairs !== null && pairs > 0)).toBe(true);
  });

  it('refuses callers without the internal secret and a malformed id', async () => {
    expect((await ctx.app.request(`/internal/progress/users/${learner(9)}/signals`)).status).toBe(404);
    const res = await ctx.app.request('/internal/progress/users/not-an-id/signals', {
      headers: internalHeaders(),
    });
    expect(res.status).toBe(400);
  });

  it('the scheduled job picks up new progress on its next run, with no request asking', async () => {
    const [seed, other] = [product('f'), product('9')];
    const learnersOf = async () =>
      (
        await ctx.db
          .selectFrom('co_watched')
          .select('learners')
          .where('product_id', '=', seed)
          .where('other_id', '=', other)
          .executeTakeFirst()
      )?.learners ?? 0;
    // Every 50 ms here (CO_WATCHED_REFRESH_SECONDS in the service, 300 by default).
    const stop = scheduleCoWatchedRefresh(ctx.db, testLog, 0.05, 0);
    try {
      await watch(learner(1), seed, 2);
      await watch(learner(1), other, 2);
      await expect.poll(learnersOf).toBe(1);
      await watch(learner(2), seed, 2);
      await watch(learner(2), other, 2);
      await expect.poll(learnersOf).toBe(2);
    } finally {
      await stop();
    }
  });
});
