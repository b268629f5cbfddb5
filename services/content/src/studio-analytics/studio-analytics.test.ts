import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CREATOR_REQUIRED_MESSAGE, STUDIO_MESSAGES, type Identity } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures, type TestContext } from '../test-support';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
  await ctx.db
    .insertInto('creator_accounts')
    .values([
      { user_id: alice.id, creator_id: fx.alice, email: alice.email, name: alice.name },
      { user_id: bob.id, creator_id: fx.bob, email: bob.email, name: bob.name },
    ])
    .execute();
  await ctx.db
    .insertInto('course_sections')
    .values({ id: '0000000000000000000f0001', product_id: fx.react, title: 'Start', position: 0 })
    .execute();
  await ctx.db
    .insertInto('course_lessons')
    .values(
      [lessons.second, lessons.first, lessons.quiz].map((id, i) => ({
        id,
        section_id: '0000000000000000000f0001',
        product_id: fx.react,
        title: ['Hooks', 'Components', 'Check yourself'][i]!,
        kind: i === 2 ? ('quiz' as const) : ('video' as const),
        position: [1, 0, 2][i]!,
        duration_seconds: 300,
      })),
    )
    .execute();
});
afterAll(() => ctx.close());

const creator = (n: number, name: string): Identity => ({
  id: `00000000000000000000c${String(n).padStart(3, '0')}`,
  role: 'creator',
  email: `${name.toLowerCase()}@test.example`,
  name,
});
const alice = creator(1, 'Alice');
const bob = creator(2, 'Bob');
const lessons = {
  first: '0000000000000000000a0001',
  second: '0000000000000000000a0002',
  quiz: '0000000000000000000a0003',
};

describe('the studio analytics', () => {
  it("lists only the creator's own items with their minutes, learners and completions", async () => {
    ctx.peers.state.rollups.set(fx.css, {
      days: [],
      figures: {
        productId: fx.css,
        seconds: 1800,
        paidSeconds: 1200,
        completions: 3,
        learners: 9,
        percentAverage: 41.5,
      },
      lessons: [],
      quizzes: [],
    });
    const res = await ctx.call(alice, 'GET', '/studio/analytics?days=7');
    expect(res.status).toBe(200);
    const items = res.body.data.items as { productId: string; minutes: number; learners: number }[];
    expect(items.map((item) => item.productId)).not.toContain(fx.sql); // Bob's
    expect(items.find((item) => item.productId === fx.css)).toMatchObject({
      title: 'Modern CSS Layouts',
      minutes: 30,
      learners: 9,
      completions: 3,
    });
    const days = (Date.parse(res.body.data.to) - Date.parse(res.body.data.from)) / 86_400_000;
    expect(days).toBe(7);
  });

  it('gives one item per day (zeros included), the drop-off in curriculum order, quizzes, ratings and questions', async () => {
    const today = new Date().toISOString().slice(0, 10);
    ctx.peers.state.rollups.set(fx.react, {
      days: [{ day: today, seconds: 600, paidSeconds: 300, learners: 2, completions: 1 }],
      figures: {
        productId: fx.react,
        seconds: 600,
        paidSeconds: 300,
        completions: 1,
        learners: 4,
        percentAverage: 55,
      },
      lessons: [
        { lessonId: lessons.second, started: 2, finished: 1 },
        { lessonId: lessons.first, started: 4, finished: 3 },
      ],
      quizzes: [{ lessonId: lessons.quiz, learners: 2, passed: 1 }],
    });
    ctx.peers.state.waiting.set(fx.react, 2);
    await ctx.db
      .insertInto('reviews')
      .values({
        id: '0000000000000000000b0001',
        product_id: fx.react,
        author_id: 'r1',
        author_name: 'Rita',
        rating: 4,
      })
      .execute();
    const res = await ctx.call(alice, 'GET', `/studio/products/${fx.react}/analytics?days=30`);
    expect(res.status).toBe(200);
    const data = res.body.data;
    expect(data.days).toHaveLength(30);
    expect(data.days.at(-1)).toMatchObject({ day: today, minutes: 10, learners: 2 });
    expect(data.days[0]).toMatchObject({ seconds: 0, minutes: 0 });
    expect(data.dropOff).toEqual([
      { lessonId: lessons.first, title: 'Components', started: 4, finished: 3 },
      { lessonId: lessons.second, title: 'Hooks', started: 2, finished: 1 },
      { lessonId: lessons.quiz, title: 'Check yourself', started: 0, finished: 0 },
    ]);
    expect(data.quizzes).toEqual([
      { lessonId: lessons.quiz, title: 'Check yourself', learners: 2, passed: 1 },
    ]);
    expect(data.ratings).toEqual([{ month: today.slice(0, 7), reviews: 1, average: 4 }]);
    expect(data.questionsWaiting).toBe(2);
    expect(data.figures).toMatchObject({ learners: 4, percentAverage: 55, minutes: 10 });
  });

  it("refuses another creator's item as not found, and learners the studio", async () => {
    const other = await ctx.call(bob, 'GET', `/studio/products/${fx.react}/analytics`);
    expect(other.status).toBe(404);
    expect(other.body).toEqual({ success: false, message: STUDIO_MESSAGES.productNotFound });
    const learner = await ctx.call(testUsers.learner, 'GET', '/studio/analytics');
    expect(learner.status).toBe(403);
    expect(learner.body).toEqual({ success: false, message: CREATOR_REQUIRED_MESSAGE });
    const unlinked = await ctx.call(creator(3, 'Nobody'), 'GET', '/studio/analytics');
    expect(unlinked.status).toBe(403);
    expect(unlinked.body.success).toBe(false);
  });

  it("lets an admin read any creator's item and name the creator of the overview", async () => {
    expect((await ctx.admin('GET', `/studio/products/${fx.react}/analytics`)).status).toBe(200);
    const bobs = await ctx.admin('GET', `/studio/analytics?creatorId=${fx.bob}`);
    expect(bobs.status).toBe(200);
    expect(bobs.body.data.items.map((item: { productId: string }) => item.productId)).toContain(fx.sql);
    expect(bobs.body.data.items.map((item: { productId: string }) => item.productId)).not.toContain(fx.css);
  });

  it('answers a bad range with the one error shape', async () => {
    const res = await ctx.call(alice, 'GET', '/studio/analytics?days=0');
    expect(res.status).toBe(400);
    expect(res.body.success).toBe(false);
  });
});
