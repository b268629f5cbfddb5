import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import type { Identity } from '@catalyst/contracts';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, curriculum, ids, lesson, products, quizLesson } from '../test-support';
import { rollUpAnalytics } from './analytics.repository';
import { payingFrom } from './rollup-job';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  for (const table of [
    'learning_days',
    'lesson_progress',
    'progress',
    'quiz_attempts',
    'watch_events',
    'item_days',
    'item_figures',
    'lesson_figures',
    'analytics_rollup_state',
  ] as const)
    await ctx.db.deleteFrom(table).execute();
  ctx.catalog.clear();
  for (const product of products) ctx.catalog.set(product._id, product);
  ctx.courses.set(ids.lessons, curriculum);
});

/** Pays (billing's stand-in answers the entitled as paying). */
const paying = testUsers.subscriber;
/** Signed in without a plan: free products only. */
const free = testUsers.learner;

const saveProduct = (as: Identity, productId: string, lastPosition: number, clientTime: number) =>
  ctx.call(as, 'PATCH', `/content/progress/product/${productId}`, { progress: 10, lastPosition, clientTime });
const saveLesson = (
  as: Identity,
  lessonId: string,
  lastPosition: number,
  clientTime: number,
  completed = false,
) =>
  ctx.call(as, 'PATCH', `/content/progress/product/${ids.lessons}/lessons/${lessonId}`, {
    progress: completed ? 100 : 10,
    lastPosition,
    clientTime,
    ...(completed ? { completed } : {}),
  });

/** Moves a learner's stored row's last write into the past: wall-clock time passing without sleeping. */
async function lastSavedAgo(
  as: Identity,
  table: 'progress' | 'lesson_progress',
  productId: string,
  seconds: number,
) {
  await ctx.db
    .updateTable(table)
    .set({ updated_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
    .where('user_id', '=', as.id)
    .where('product_id', '=', productId)
    .execute();
}

const rollUp = () => rollUpAnalytics(ctx.db, payingFrom(ctx.deps.billing));

async function dbToday(): Promise<string> {
  const { rows } = await sql<{ d: string }>`select (now() at time zone 'utc')::date::text as d`.execute(
    ctx.db,
  );
  return rows[0]!.d;
}
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

async function itemDay(productId: string) {
  return ctx.db
    .selectFrom('item_days')
    .select(['seconds', 'paid_seconds', 'learners', 'completions', sql<string>`day::text`.as('day')])
    .where('product_id', '=', productId)
    .execute();
}

async function learned(userId: string): Promise<number> {
  const row = await ctx.db
    .selectFrom('learning_days')
    .select(sql<number>`coalesce(sum(seconds), 0)::int`.as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.s;
}

describe('creator analytics rollups', () => {
  it("rolls saves made through the save path into the item's day, paid seconds only from a paying learner", async () => {
    await saveProduct(paying, ids.free, 20, 1);
    await lastSavedAgo(paying, 'progress', ids.free, 3600);
    await saveProduct(paying, ids.free, 80, 2);
    await saveProduct(free, ids.free, 15, 1);
    await saveProduct(free, ids.free, 15, 0); // stale: credits nothing, records nothing
    expect(await rollUp()).toEqual({ events: 3, products: 1 });
    const [day] = await itemDay(ids.free);
    expect(day).toEqual({
      day: await dbToday(),
      seconds: (await learned(paying.id)) + (await learned(free.id)),
      paid_seconds: await learned(paying.id),
      learners: 2,
      completions: 0,
    });
    expect(day!.seconds).toBe(95);
    // A second run has nothing new: the day keeps its figures (learners stay distinct).
    await lastSavedAgo(paying, 'progress', ids.free, 3600);
    await saveProduct(paying, ids.free, 90, 3);
    await rollUp();
    expect((await itemDay(ids.free))[0]).toMatchObject({ seconds: 105, paid_seconds: 90, learners: 2 });
  });

  it('counts 2× speed as half: the credit is the wall-clock time since the last save', async () => {
    await saveProduct(paying, ids.other, 10, 1);
    await lastSavedAgo(paying, 'progress', ids.other, 10);
    await saveProduct(paying, ids.other, 30, 2); // 20 s of video in 10 s of real time
    await rollUp();
    const [day] = await itemDay(ids.other);
    expect(day!.seconds).toBeGreaterThanOrEqual(20);
    expect(day!.seconds).toBeLessThan(21); // 10 + 10, never 10 + 20
  });

  it('counts an offline save when it syncs, on the day it reaches the server', async () => {
    await saveProduct(paying, ids.video, 30, Date.now() - 3 * 86_400_000);
    await rollUp();
    expect(await itemDay(ids.video)).toEqual([
      expect.objectContaining({ day: await dbToday(), seconds: 30 }),
    ]);
  });

  it('answers paid seconds per product over a range of days, to excluded', async () => {
    const today = await dbToday();
    await ctx.db
      .insertInto('item_days')
      .values([
        {
          product_id: ids.video,
          day: addDays(today, -2),
          seconds: 100,
          paid_seconds: 60,
          learners: 1,
          completions: 0,
        },
        {
          product_id: ids.video,
          day: addDays(today, -1),
          seconds: 50,
          paid_seconds: 40,
          learners: 1,
          completions: 0,
        },
        { product_id: ids.other, day: today, seconds: 70, paid_seconds: 70, learners: 1, completions: 0 },
        {
          product_id: ids.free,
          day: addDays(today, -1),
          seconds: 10,
          paid_seconds: 0,
          learners: 1,
          completions: 0,
        },
      ])
      .execute();
    const res = await ctx.app.request(
      `/internal/progress/paid-seconds?from=${addDays(today, -2)}&to=${today}`,
      { headers: internalHeaders() },
    );
    expect(res.status).toBe(200);
    expect((await res.json()).data).toEqual([{ productId: ids.video, paidSeconds: 100 }]);
    const backwards = await ctx.app.request(`/internal/progress/paid-seconds?from=${today}&to=${today}`, {
      headers: internalHeaders(),
    });
    expect(backwards.status).toBe(400);
    expect(await backwards.json()).toMatchObject({ success: false });
  });

  it('gives the drop-off per lesson: learners who started each lesson and who finished it', async () => {
    await saveLesson(paying, lesson.preview, 60, 1, true);
    await saveLesson(paying, lesson.grid, 30, 2);
    await saveLesson(free, lesson.preview, 20, 1);
    await rollUp();
    const res = await ctx.app.request('/internal/progress/analytics/product', {
      method: 'POST',
      headers: { ...internalHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({
        productId: ids.lessons,
        from: addDays(await dbToday(), -6),
        to: addDays(await dbToday(), 1),
      }),
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.lessons).toEqual(
      expect.arrayContaining([
        { lessonId: lesson.preview, started: 2, finished: 1 },
        { lessonId: lesson.grid, started: 1, finished: 0 },
      ]),
    );
    expect(data.figures).toMatchObject({
      productId: ids.lessons,
      learners: 2,
      seconds: 110,
      paidSeconds: 90,
    });
    expect(data.days).toHaveLength(1);
  });

  it("gives each quiz's pass rate: learners who took it and who passed it (several attempts count once)", async () => {
    const attempt = (n: number, userId: string, passed: boolean) => ({
      id: `a${String(n).padStart(23, '0')}`,
      user_id: userId,
      product_id: ids.quizCourse,
      lesson_id: quizLesson.final,
      score: passed ? 100 : 30,
      passed,
      answers: '[]',
      graded: '[]',
    });
    await ctx.db
      .insertInto('quiz_attempts')
      .values([attempt(1, paying.id, false), attempt(2, paying.id, true), attempt(3, free.id, false)])
      .execute();
    const res = await ctx.app.request('/internal/progress/analytics/product', {
      method: 'POST',
      headers: { ...internalHeaders(), 'content-type': 'application/json' },
      body: JSON.stringify({ productId: ids.quizCourse, from: '2026-01-01', to: '2026-12-31' }),
    });
    expect(res.status).toBe(200);
    const { data } = await res.json();
    expect(data.quizzes).toEqual([{ lessonId: quizLesson.final, learners: 2, passed: 1 }]);
    expect(data.figures).toMatchObject({ seconds: 0, learners: 0, percentAverage: 0 });
  });

  it('rolls completions once their save has surely committed, and forgets rolled events of past days', async () => {
    await saveProduct(paying, ids.video, 30, 1);
    await ctx.call(paying, 'PATCH', `/content/progress/product/${ids.video}/complete`, {});
    await ctx.db
      .updateTable('progress')
      .set({ completed_at: sql<Date>`now() - interval '1 minute'` })
      .execute();
    await saveProduct(paying, ids.other, 30, 1);
    await ctx.call(paying, 'PATCH', `/content/progress/product/${ids.other}/complete`, {});
    await rollUp();
    await rollUp();
    expect((await itemDay(ids.video))[0]!.completions).toBe(1); // counted once over two runs
    expect((await itemDay(ids.other))[0]!.completions).toBe(0); // too fresh: a later run counts it
    const figures = await ctx.db
      .selectFrom('item_figures')
      .selectAll()
      .where('product_id', '=', ids.video)
      .execute();
    expect(figures[0]).toMatchObject({ learners: 1, completed: 1, percent_average: 100 });
    const old = addDays(await dbToday(), -3);
    await ctx.db
      .insertInto('watch_events')
      .values({
        user_id: paying.id,
        product_id: ids.other,
        lesson_id: null,
        day: old,
        seconds: 42,
        paid: null,
      })
      .execute();
    await rollUp();
    expect(
      await ctx.db
        .selectFrom('watch_events')
        .select('id')
        .where(sql`day`, '=', old)
        .execute(),
    ).toEqual([]);
    expect((await itemDay(ids.other)).filter((row) => row.day === old)).toEqual([
      expect.objectContaining({ seconds: 42, paid_seconds: 42, learners: 1 }),
    ]);
  });
});
