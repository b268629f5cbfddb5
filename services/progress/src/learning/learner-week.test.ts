import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts, type LearnerWeek, type ProductSummary } from '@catalyst/contracts';
import { DEMO_COURSES, DEMO_MEMBER_COURSE, demoLessonId } from '@catalyst/demo';
import { demoEntityId } from '@catalyst/service-kit';
import { internalHeaders, testLog, testUsers, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { SCHEMA, prepareDatabase } from '../setup';
import { createTestContext, ids, lesson, otherSubscriber } from '../test-support';
import { learnerWeek, nextUnfinished } from './learner-week';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const sub = testUsers.subscriber;
const week = async (userId: string, from = '2026-11-02', to = '2026-11-09', headers = internalHeaders()) => {
  const res = await ctx.app.request(`/internal/progress/users/${userId}/week?from=${from}&to=${to}`, {
    headers,
  });
  return { status: res.status, body: (await res.json()) as { data: LearnerWeek } };
};

describe("a learner's week for the weekly e-mail", () => {
  it('answers the minutes of those days, the running streak, and each course in progress with its next lesson', async () => {
    const course = `/content/progress/product/${ids.lessons}/lessons`;
    for (const done of [lesson.preview, lesson.grid])
      expect((await ctx.call(sub, 'PATCH', `${course}/${done}/complete`, {})).status).toBe(200);
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, {
      progress: 40,
      lastPosition: 12,
    });
    await sql`
      insert into learning_days (user_id, day, seconds) values
        (${sub.id}, '2026-11-01', 600), (${sub.id}, '2026-11-02', 1800), (${sub.id}, '2026-11-08', 1230),
        (${sub.id}, '2026-11-09', 900),
        (${sub.id}, (now() at time zone 'utc')::date - 1, 60), (${sub.id}, (now() at time zone 'utc')::date - 2, 60)
      on conflict do nothing
    `.execute(ctx.db);

    const { status, body } = await week(sub.id);
    expect(status).toBe(200);
    // 1800 + 1230 seconds: the days before `from` and from `to` on are not this week's.
    expect(body.data.minutes).toBe(51);
    // Yesterday, the day before and today (the video's save) in a row.
    expect(body.data.streak).toBe(3);
    expect(body.data.courses).toEqual([
      {
        productId: ids.video,
        slug: 'css-video',
        title: 'CSS Video',
        progress: 40,
        lessonId: null,
        lessonNumber: null,
        lessonCount: 0,
      },
      {
        productId: ids.lessons,
        slug: 'grid-course',
        title: 'Grid Course',
        progress: expect.any(Number),
        lessonId: lesson.notes,
        lessonNumber: 3,
        lessonCount: 4,
      },
    ]);
  });

  it('answers an empty week for a learner with nothing, and only to services', async () => {
    expect((await week(otherSubscriber.id)).body.data).toEqual({ minutes: 0, streak: 0, courses: [] });
    expect((await week(otherSubscriber.id, '2026-11-02', '2026-11-09', {})).status).toBe(404);
    expect((await week(otherSubscriber.id, 'monday', '2026-11-09')).status).toBe(400);
  });
});

describe('the learners a weekly e-mail may have something to tell', () => {
  it('pages by id through those with a course in progress or time learned since the day given', async () => {
    const quiet = '33333333333333333333ee01';
    const lately = '33333333333333333333ee02';
    await sql`
      insert into learning_days (user_id, day, seconds) values
        (${quiet}, '2026-10-01', 600), (${lately}, '2026-11-03', 300)
      on conflict do nothing
    `.execute(ctx.db);
    const page = async (query: string) => {
      const res = await ctx.app.request(`/internal/progress/digest-learners?${query}`, {
        headers: internalHeaders(),
      });
      return ((await res.json()) as { data: { userIds: string[] } }).data.userIds;
    };
    // The subscriber has courses in progress (above); the quiet learner learned only before `since`.
    const all = await page('since=2026-11-02');
    expect(all).toEqual([...all].sort());
    expect(all).toContain(sub.id);
    expect(all).toContain(lately);
    expect(all).not.toContain(quiet);
    expect(await page(`since=2026-11-02&limit=1&after=${all[0]}`)).toEqual(all.slice(1, 2));
  });
});

describe('the next unfinished lesson', () => {
  const lessons = ['a', 'b', 'c', 'd'].map((id) => ({ id }));
  it('is the current one while unfinished, else the first unfinished after it, else from the start', () => {
    expect(nextUnfinished(lessons, 'b', new Set())).toEqual({ lesson: { id: 'b' }, number: 2 });
    expect(nextUnfinished(lessons, 'b', new Set(['b', 'c']))).toEqual({ lesson: { id: 'd' }, number: 4 });
    expect(nextUnfinished(lessons, 'd', new Set(['b', 'd']))).toEqual({ lesson: { id: 'a' }, number: 1 });
    expect(nextUnfinished(lessons, null, new Set(['a']))).toEqual({ lesson: { id: 'b' }, number: 2 });
    expect(nextUnfinished(lessons, 'c', new Set(['a', 'b', 'c', 'd']))).toBeNull();
  });
});

describe("the demo member's week (the seeded demo)", () => {
  const seeded = useTestDatabase<Database>(SCHEMA);

  it('lists their demo course with the lesson they are in as the next one, and the time learned this week', async () => {
    await prepareDatabase(seeded(), { seed: true, log: testLog });
    const courses = new Map(DEMO_COURSES.map((course) => [demoEntityId('product', course.slug), course]));
    // Content's answers for the demo products (every one published; a course with its curriculum).
    const catalog = {
      lookup: async (productIds: string[]) =>
        new Map(
          productIds.map((id) => {
            const slug = courses.get(id)?.slug ?? `video-${id.slice(-4)}`;
            return [id, { _id: id, slug, title: slug, isPublished: true } as ProductSummary];
          }),
        ),
      courseLessons: async (id: string) => {
        const course = courses.get(id);
        return {
          productId: id,
          lessons: (course?.sections ?? []).flatMap((section) =>
            section.lessons.map((l) => ({
              id: demoLessonId(course!.slug, l.key),
              durationSeconds: 60,
              isFreePreview: false,
              kind: l.kind,
            })),
          ),
        };
      },
    } as unknown as Deps['catalog'];
    const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const week = await learnerWeek({ db: seeded(), catalog }, demoAccounts.member.id, {
      from: weekAgo,
      to: tomorrow,
    });

    const course = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COURSE.slug)!;
    const lessons = course.sections.flatMap((section) => section.lessons);
    const current = lessons.findIndex((l) => l.key === DEMO_MEMBER_COURSE.currentLesson);
    expect(week.courses).toContainEqual(
      expect.objectContaining({
        slug: DEMO_MEMBER_COURSE.slug,
        lessonId: demoLessonId(course.slug, DEMO_MEMBER_COURSE.currentLesson),
        lessonNumber: current + 1,
        lessonCount: lessons.length,
      }),
    );
    // The seed credits the member's learning to the days the rows were saved, the newest minutes ago.
    expect(week.minutes).toBeGreaterThan(0);
    expect(week.streak).toBeGreaterThanOrEqual(1);
  });
});
