import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, curriculum, ids, lesson } from '../test-support';
import { mendPositions } from './mend-positions';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('lesson_progress').execute();
  await ctx.db.deleteFrom('progress').execute();
  ctx.courses.set(ids.lessons, curriculum);
});

const sub = testUsers.subscriber.id;
const row = (productId: string, last: number, furthest = last) => ({
  user_id: sub,
  product_id: productId,
  progress: 100,
  last_position: last,
  furthest_position: furthest,
});

describe('positions stored beyond the end of their media', () => {
  it('are brought back to the end: a video at its duration, a lesson at its length; others are left alone', async () => {
    await ctx.db
      .insertInto('progress')
      // CSS Video lasts 30 min (1,800 s); Other Video's length is unknown; the Free Video is within its minute.
      .values([row(ids.video, 6030), row(ids.other, 6030), row(ids.free, 20, 45), row(ids.lessons, 321)])
      .execute();
    await ctx.db
      .insertInto('lesson_progress')
      .values([
        // The preview lasts 60 s, the grid lesson 240 s; the notes have no known length.
        { ...row(ids.lessons, 321), lesson_id: lesson.preview },
        { ...row(ids.lessons, 100, 200), lesson_id: lesson.grid },
        { ...row(ids.lessons, 900), lesson_id: lesson.notes },
      ])
      .execute();

    expect(await mendPositions(ctx.db, ctx.deps.catalog)).toEqual({ products: 1, lessons: 1 });

    const products = await ctx.db
      .selectFrom('progress')
      .select(['product_id', 'last_position', 'furthest_position'])
      .execute();
    expect(
      Object.fromEntries(products.map((p) => [p.product_id, [p.last_position, p.furthest_position]])),
    ).toEqual({
      [ids.video]: [1800, 1800],
      [ids.other]: [6030, 6030],
      [ids.free]: [20, 45],
      // a course row: a second of one of its lessons, whose lengths are not all known (the notes)
      [ids.lessons]: [321, 321],
    });
    const lessons = await ctx.db
      .selectFrom('lesson_progress')
      .select(['lesson_id', 'last_position', 'furthest_position'])
      .execute();
    expect(
      Object.fromEntries(lessons.map((l) => [l.lesson_id, [l.last_position, l.furthest_position]])),
    ).toEqual({
      [lesson.preview]: [60, 60],
      [lesson.grid]: [100, 200],
      [lesson.notes]: [900, 900],
    });

    // A second pass finds nothing left to mend.
    expect(await mendPositions(ctx.db, ctx.deps.catalog)).toEqual({ products: 0, lessons: 0 });
  });
});
