import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { eventFeedSchema, type DomainEvent } from '@catalyst/contracts';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, opt, q, quizLesson, rightAnswers } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sub = testUsers.subscriber;
const save = (productId: string, progress: number, clientTime: number) =>
  ctx.call(sub, 'PATCH', `/content/progress/product/${productId}`, {
    progress,
    lastPosition: progress,
    clientTime,
  });
const quizCourse = (suffix: string) => `/content/progress/product/${ids.quizCourse}${suffix}`;

const summary = (events: DomainEvent[]) => events.map((e) => `${e.type} ${JSON.stringify(e.data)}`);

let cursor = '0';
/** The feed's events since the last read, through the internal route, once `count` of them are visible. */
async function newEvents(count: number): Promise<DomainEvent[]> {
  let events: DomainEvent[] = [];
  const read = async () => {
    const res = await ctx.app.request(`/internal/progress/events?after=${cursor}&limit=100`, {
      headers: internalHeaders(),
    });
    events = eventFeedSchema.parse(((await res.json()) as { data: unknown }).data).events;
    return events.length;
  };
  // Another test file's transaction in flight on the cluster holds the feed back for a moment.
  await expect.poll(read, { timeout: 3_000, interval: 20 }).toBeGreaterThanOrEqual(count);
  expect(summary(events)).toHaveLength(count);
  if (events.length > 0) cursor = events.at(-1)!.seq;
  return events;
}

describe('progress events', () => {
  it('emits the start, each 25/50/75 crossing once and the completion, never an event per save', async () => {
    await save(ids.video, 10, 1);
    await save(ids.video, 20, 2);
    await save(ids.video, 30, 3);
    await save(ids.video, 40, 4);
    await save(ids.video, 35, 5);
    await save(ids.video, 80, 6);
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}/complete`, {});
    const events = await newEvents(5);
    expect(summary(events)).toEqual([
      `enrollment.started {"productId":"${ids.video}"}`,
      `progress.reached {"productId":"${ids.video}","percent":25}`,
      `progress.reached {"productId":"${ids.video}","percent":50}`,
      `progress.reached {"productId":"${ids.video}","percent":75}`,
      `course.completed {"productId":"${ids.video}"}`,
    ]);
    expect(new Set(events.map((e) => e.id)).size).toBe(5);
    expect(events.every((e) => e.userId === sub.id)).toBe(true);
    await save(ids.video, 100, 8);
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}/complete`, {});
    await newEvents(0);
  });

  it('emits lessons completed, quizzes graded, the course completed and its certificate', async () => {
    await ctx.call(sub, 'PATCH', quizCourse(`/lessons/${quizLesson.video}/complete`), {});
    await ctx.call(sub, 'POST', quizCourse(`/lessons/${quizLesson.preview}/quiz-attempts`), {
      answers: [{ questionId: q(4), optionIds: [opt(4, 'b')] }],
    });
    const final = await ctx.call(sub, 'POST', quizCourse(`/lessons/${quizLesson.final}/quiz-attempts`), {
      answers: rightAnswers(),
    });
    expect(final.body.data.course.completed).toBe(true);
    const events = await newEvents(11);
    const types = events.map((e) => e.type);
    expect(types.filter((t) => t === 'lesson.completed')).toHaveLength(3);
    expect(types.filter((t) => t === 'progress.reached')).toHaveLength(3);
    expect(types.filter((t) => t === 'quiz.graded')).toHaveLength(2);
    expect(types.filter((t) => t === 'enrollment.started')).toHaveLength(1);
    const graded = events.filter((e) => e.type === 'quiz.graded').map((e) => e.data);
    expect(graded.map(({ score, passed }) => ({ score, passed }))).toEqual([
      { score: 1, passed: true },
      { score: 1, passed: true },
    ]);
    const [code] = await ctx.db.selectFrom('certificates').select('code').execute();
    expect(events.at(-1)).toMatchObject({
      type: 'certificate.issued',
      data: { certificateId: code!.code, code: code!.code, productId: ids.quizCourse, pathId: null },
    });
    expect(types.indexOf('course.completed')).toBeLessThan(types.indexOf('certificate.issued'));
  });

  it('leaves no event for a write that rolls back', async () => {
    await ctx.db
      .transaction()
      .execute(async (trx) => {
        await trx
          .insertInto('progress')
          .values({ user_id: sub.id, product_id: ids.free, progress: 90 })
          .execute();
        throw new Error('the save failed');
      })
      .catch(() => undefined);
    await sql`select 1`.execute(ctx.db);
    await newEvents(0);
    await save(ids.free, 30, 1);
    expect(summary(await newEvents(2))).toEqual([
      `enrollment.started {"productId":"${ids.free}"}`,
      `progress.reached {"productId":"${ids.free}","percent":25}`,
    ]);
  });
});
