import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteData, progressInternalRoutes } from '@catalyst/contracts';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, opt, otherSubscriber, q, quizLesson, rightAnswers } from '../test-support';

/** What the internal deletes answer. */
type Deleted = RouteData<typeof progressInternalRoutes.deleteUserProgress>;

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sub = testUsers.subscriber;
const remove = (userId: string, headers: Record<string, string> = internalHeaders()) =>
  ctx.app.request(`/internal/progress/users/${userId}`, { method: 'DELETE', headers });

describe('DELETE /internal/progress/users/:userId', () => {
  it("deletes every progress row of one user and keeps everyone else's", async () => {
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.course}`, { progress: 5, lastPosition: 5 });
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, { progress: 7, lastPosition: 7 });
    await ctx.call(otherSubscriber, 'PATCH', `/content/progress/product/${ids.course}`, {
      progress: 6,
      lastPosition: 6,
    });

    const res = await remove(sub.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Deleted }).data).toEqual({ deleted: 2 });
    const left = await ctx.db.selectFrom('progress').select(['user_id', 'product_id']).execute();
    expect(left).toEqual([{ user_id: otherSubscriber.id, product_id: ids.course }]);
  });

  it('is idempotent: a user without progress answers 200 with nothing deleted', async () => {
    const res = await remove(sub.id);
    expect(res.status).toBe(200);
    expect(((await res.json()) as { data: Deleted }).data).toEqual({ deleted: 0 });
  });

  it('refuses callers without the internal secret and a malformed id', async () => {
    expect((await remove(otherSubscriber.id, {})).status).toBe(404);
    expect(
      await ctx.db
        .selectFrom('progress')
        .select('user_id')
        .where('user_id', '=', otherSubscriber.id)
        .execute(),
    ).toHaveLength(1);
    expect((await remove('not-an-id')).status).toBe(400);
  });

  it("takes the user's quiz attempts and certificates (their credentials too) with them, and no one else's", async () => {
    for (const as of [sub, otherSubscriber]) {
      const course = `/content/progress/product/${ids.quizCourse}`;
      await ctx.call(as, 'PATCH', `${course}/lessons/${quizLesson.video}/complete`, {});
      await ctx.call(as, 'POST', `${course}/lessons/${quizLesson.preview}/quiz-attempts`, {
        answers: [{ questionId: q(4), optionIds: [opt(4, 'b')] }],
      });
      await ctx.call(as, 'POST', `${course}/lessons/${quizLesson.final}/quiz-attempts`, {
        answers: rightAnswers(),
      });
    }
    expect(await ctx.db.selectFrom('certificates').select('user_id').execute()).toHaveLength(2);
    expect((await remove(sub.id)).status).toBe(200);
    const owners = async (table: 'certificates' | 'quiz_attempts') => [
      ...new Set((await ctx.db.selectFrom(table).select('user_id').execute()).map((r) => r.user_id)),
    ];
    expect(await owners('certificates')).toEqual([otherSubscriber.id]);
    expect(await owners('quiz_attempts')).toEqual([otherSubscriber.id]);
    const [kept] = await ctx.db.selectFrom('certificates').select('code').execute();
    expect(await ctx.db.selectFrom('certificate_credentials').select('code').execute()).toEqual([
      { code: kept!.code },
    ]);
  });
});

describe('GET /internal/progress/users/:userId/products/:productId', () => {
  const standing = async (userId: string, productId: string, headers = internalHeaders()) => {
    const res = await ctx.app.request(`/internal/progress/users/${userId}/products/${productId}`, {
      headers,
    });
    return { status: res.status, body: (await res.json()) as { data: unknown } };
  };

  it("answers how far the learner got and how many of the course's lessons they finished", async () => {
    await ctx.db.deleteFrom('lesson_progress').execute();
    await ctx.db.deleteFrom('progress').execute();
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, { progress: 35, lastPosition: 9 });
    await ctx.call(
      sub,
      'PATCH',
      `/content/progress/product/${ids.quizCourse}/lessons/${quizLesson.video}/complete`,
      {},
    );

    expect((await standing(sub.id, ids.video)).body.data).toEqual({ progress: 35, completedLessons: 0 });
    const course = (await standing(sub.id, ids.quizCourse)).body.data as { completedLessons: number };
    expect(course.completedLessons).toBe(1);
    expect((await standing(otherSubscriber.id, ids.video)).body.data).toEqual({
      progress: 0,
      completedLessons: 0,
    });
  });

  it('is for peers only', async () => {
    expect((await standing(sub.id, ids.video, {})).status).toBe(404);
  });
});

describe('POST /internal/progress/learner-count', () => {
  it('counts each person who started any of the products once', async () => {
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.course}`, { progress: 5, lastPosition: 5 });
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, { progress: 7, lastPosition: 7 });
    await ctx.call(otherSubscriber, 'PATCH', `/content/progress/product/${ids.video}`, {
      progress: 6,
      lastPosition: 6,
    });
    const count = async (productIds: string[]) => {
      const res = await ctx.app.request('/internal/progress/learner-count', {
        method: 'POST',
        headers: { ...internalHeaders(), 'content-type': 'application/json' },
        body: JSON.stringify({ productIds }),
      });
      return ((await res.json()) as { data: { learners: number } }).data.learners;
    };
    expect(await count([ids.course, ids.video])).toBe(2);
    expect(await count([ids.course])).toBe(1);
    expect(await count([])).toBe(0);
  });
});
