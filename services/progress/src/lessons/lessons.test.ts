import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  COURSE_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  type FieldError,
  type Identity,
  type LessonProgress,
  type ProgressWithProduct,
  type RouteData,
  type progressInternalRoutes,
} from '@catalyst/contracts';
import { internalHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, curriculum, ids, lesson, otherSubscriber } from '../test-support';

/** What the internal deletes answer. */
type DeletedForProduct = RouteData<typeof progressInternalRoutes.deleteProductProgress>;
type DeletedForUser = RouteData<typeof progressInternalRoutes.deleteUserProgress>;

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('lesson_progress').execute();
  await ctx.db.deleteFrom('progress').execute();
  ctx.courses.set(ids.lessons, curriculum);
  await forgetCurricula();
});

const sub = testUsers.subscriber;
const learner = testUsers.learner;
const admin = testUsers.admin;
const coursePath = (suffix = '') => `/content/progress/product/${ids.lessons}${suffix}`;
const lessonPath = (lessonId: string, suffix = '') => coursePath(`/lessons/${lessonId}${suffix}`);

/** Content's announcement that something changed (over Redis in production): the course's lessons are asked again. */
async function forgetCurricula() {
  const res = await ctx.app.request('/internal/invalidations', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...internalHeaders() },
    body: JSON.stringify({ topic: 'content' }),
  });
  expect(res.status).toBe(200);
}

function unloadForm(data: unknown) {
  const form = new FormData();
  form.append('data', JSON.stringify(data));
  form.append('_method', 'PATCH');
  return form;
}

const save = (as: Identity, lessonId: string, body: Record<string, unknown>) =>
  ctx.call(as, 'PATCH', lessonPath(lessonId), body);
const complete = (as: Identity, lessonId: string, clientTime?: number) =>
  ctx.call(as, 'PATCH', lessonPath(lessonId, '/complete'), clientTime === undefined ? {} : { clientTime });

describe('a lesson write', () => {
  it('saves the lesson and answers it with the course figure, the lesson becoming where the learner is', async () => {
    const { status, body } = await save(sub, lesson.grid, { progress: 25, lastPosition: 60, clientTime: 1 });
    expect(status).toBe(200);
    expect(body.message).toBe('Progress saved');
    expect(body.data.applied).toBe(true);
    expect(body.data.lesson).toMatchObject({
      lessonId: lesson.grid,
      progress: 25,
      lastPosition: 60,
      furthestPosition: 60,
      completed: false,
    });
    // nothing complete yet: the course is started (where the learner is) but at 0 percent
    expect(body.data.course).toMatchObject({
      productId: ids.lessons,
      progress: 0,
      lastPosition: 60,
      completed: false,
      lessonId: lesson.grid,
    });
    const course = (await ctx.call(sub, 'GET', coursePath())).body.data;
    expect(course).toMatchObject({ progress: 0, lastPosition: 60, lessonId: lesson.grid });
  });

  it("never stores a position beyond the end of the lesson's media (the 60 s preview holds 321 s no more)", async () => {
    const { status, body } = await save(sub, lesson.preview, {
      progress: 100,
      lastPosition: 321,
      clientTime: 1,
    });
    expect(status).toBe(200);
    expect(body.data.lesson).toMatchObject({ lastPosition: 60, furthestPosition: 60 });
    expect(body.data.course).toMatchObject({ lastPosition: 60, lessonId: lesson.preview });
    // A lesson of no known length keeps what it is given.
    const notes = await save(sub, lesson.notes, { progress: 10, lastPosition: 321, clientTime: 2 });
    expect(notes.body.data.lesson).toMatchObject({ lastPosition: 321 });
  });

  it('never regresses: re-watching moves the position back but keeps the percentage, the furthest point and completion', async () => {
    await save(sub, lesson.grid, { progress: 50, lastPosition: 120, clientTime: 1 });
    const rewatch = await save(sub, lesson.grid, { progress: 5, lastPosition: 12, clientTime: 2 });
    expect(rewatch.body.data.lesson).toMatchObject({
      progress: 50,
      lastPosition: 12,
      furthestPosition: 120,
      completed: false,
    });
    expect(rewatch.body.data.course).toMatchObject({ lastPosition: 12, furthestPosition: 120 });
    const done = await save(sub, lesson.grid, { progress: 95, lastPosition: 228, clientTime: 3 });
    expect(done.body.data.lesson).toMatchObject({ progress: 95, completed: true });
    const completedAt = done.body.data.lesson.completedAt;
    const again = await save(sub, lesson.grid, {
      progress: 10,
      lastPosition: 24,
      completed: false,
      clientTime: 4,
    });
    expect(again.body.data.lesson).toMatchObject({
      progress: 95,
      lastPosition: 24,
      completed: true,
      completedAt,
    });
    // the course keeps the lesson's weight: 240 of 960 weighted seconds
    expect(again.body.data.course).toMatchObject({
      progress: 25,
      completed: false,
      lastPosition: 24,
      furthestPosition: 228,
    });
  });

  it('ignores a stale write: nothing changes, not even the lesson the learner is in', async () => {
    await save(sub, lesson.grid, { progress: 40, lastPosition: 96, clientTime: 3_000 });
    await save(sub, lesson.layouts, { progress: 10, lastPosition: 60, clientTime: 3_100 });
    const before = (await ctx.call(sub, 'GET', coursePath())).body.data;
    const stale = await save(sub, lesson.grid, {
      progress: 100,
      lastPosition: 240,
      completed: true,
      clientTime: 2_999,
    });
    expect(stale.status).toBe(200);
    expect(stale.body.message).toBe('A newer save is already stored; this one was ignored');
    expect(stale.body.data).toMatchObject({
      applied: false,
      lesson: { progress: 40, lastPosition: 96, completed: false },
    });
    expect(stale.body.data.course).toEqual(before);
    expect((await ctx.call(sub, 'GET', coursePath())).body.data).toEqual({
      ...before,
      lessonId: lesson.layouts,
    });
    // the unload form of a lesson follows the same rule
    const lateUnload = await ctx.call(
      sub,
      'POST',
      lessonPath(lesson.layouts),
      unloadForm({ progress: 1, lastPosition: 3, clientTime: 3_050 }),
    );
    expect(lateUnload.body.data).toMatchObject({ applied: false, lesson: { lastPosition: 60 } });
  });

  it("takes the lesson's unload save as a form, read like the product's", async () => {
    const { status, body } = await ctx.call(
      sub,
      'POST',
      lessonPath(lesson.grid),
      unloadForm({ progress: 30, lastPosition: 72, clientTime: 5 }),
    );
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      applied: true,
      lesson: { lessonId: lesson.grid, lastPosition: 72 },
      course: { lessonId: lesson.grid },
    });
    const bad = new FormData();
    bad.append('data', '{"progress":');
    bad.append('_method', 'PATCH');
    const refused = await ctx.call(sub, 'POST', lessonPath(lesson.grid), bad);
    expect(refused.status).toBe(400);
    expect(refused.body.errors.map((e: FieldError) => e.field)).toContain('data');
  });

  it('refuses bad values and ids with a 400 naming the field, storing nothing', async () => {
    const bad = await save(sub, lesson.grid, { progress: 101, lastPosition: 1 });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: FieldError) => e.field)).toContain('progress');
    const badLesson = await ctx.call(sub, 'PATCH', coursePath('/lessons/not-a-lesson'), {
      progress: 1,
      lastPosition: 1,
    });
    expect(badLesson.status).toBe(400);
    expect(badLesson.body.errors[0].field).toBe('lessonId');
    expect(await ctx.db.selectFrom('lesson_progress').selectAll().execute()).toEqual([]);
    expect(await ctx.db.selectFrom('progress').selectAll().execute()).toEqual([]);
  });

  it('keeps every one of many concurrent writes of one learner: no lesson lost from the course figure, no position rewound', async () => {
    // three lessons completed at once, and twenty shuffled saves of a fourth
    const times = Array.from({ length: 20 }, (_, i) => 50_000 + i);
    for (let i = times.length - 1; i > 0; i--) {
      const j = Math.floor(Math.random() * (i + 1));
      [times[i], times[j]] = [times[j]!, times[i]!];
    }
    const results = await Promise.all([
      save(sub, lesson.preview, { progress: 100, lastPosition: 60, completed: true, clientTime: 40_000 }),
      save(sub, lesson.grid, { progress: 100, lastPosition: 240, completed: true, clientTime: 40_000 }),
      complete(sub, lesson.notes, 40_000),
      ...times.map((t) =>
        save(sub, lesson.layouts, {
          progress: (t - 50_000) * 2,
          lastPosition: (t - 50_000) * 10,
          clientTime: t,
        }),
      ),
    ]);
    expect(results.map((r) => r.status)).toEqual(results.map(() => 200));
    const layouts = await ctx.db
      .selectFrom('lesson_progress')
      .selectAll()
      .where('lesson_id', '=', lesson.layouts)
      .executeTakeFirstOrThrow();
    expect(layouts).toMatchObject({
      client_ts: 50_019,
      last_position: 190,
      furthest_position: 190,
      progress: 38,
    });
    const { body } = await ctx.call(sub, 'GET', coursePath('/lessons'));
    expect(
      body.data.lessons.filter((l: LessonProgress) => l.completed).map((l: LessonProgress) => l.lessonId),
    ).toEqual([lesson.preview, lesson.grid, lesson.notes]);
    // 60 + 240 + 60 of 960 weighted seconds
    expect(body.data.course).toMatchObject({ progress: 38, completed: false });
  });

  it('completes the course when its lessons are completed all at once, every time', async () => {
    for (let round = 1; round <= 8; round++) {
      await ctx.call(sub, 'PATCH', coursePath('/reset'), {});
      const results = await Promise.all(
        curriculum.map((l) => save(sub, l.id, { progress: 100, lastPosition: 1, completed: true })),
      );
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      expect((await ctx.call(sub, 'GET', coursePath())).body.data, `round ${round}`).toMatchObject({
        progress: 100,
        completed: true,
      });
    }
  });
});

describe('the course figure', () => {
  it('weighs each completed lesson by its duration, an article of no known length as a minute', async () => {
    expect((await complete(sub, lesson.preview)).body.data.course.progress).toBe(6); // 60 / 960
    expect((await complete(sub, lesson.notes)).body.data.course.progress).toBe(13); // 120 / 960
    const grid = await complete(sub, lesson.grid);
    expect(grid.body.message).toBe('Marked as complete');
    expect(grid.body.data).toMatchObject({
      applied: true,
      lesson: { lessonId: lesson.grid, progress: 100, completed: true },
      course: { progress: 38, completed: false },
    });
    // a lesson still in progress adds nothing until it is complete
    expect(
      (await save(sub, lesson.layouts, { progress: 80, lastPosition: 480 })).body.data.course,
    ).toMatchObject({ progress: 38, completed: false });
  });

  it('completes the course with its last lesson, and stays complete when a lesson is re-watched', async () => {
    for (const id of [lesson.preview, lesson.grid, lesson.notes]) await complete(sub, id);
    const last = await save(sub, lesson.layouts, { progress: 92, lastPosition: 552, clientTime: 10 });
    expect(last.body.data.lesson.completed).toBe(true);
    expect(last.body.data.course).toMatchObject({
      progress: 100,
      completed: true,
      lessonId: lesson.layouts,
      lastPosition: 552,
    });
    expect(last.body.data.course.completedAt).toEqual(expect.any(String));
    const rewatch = await save(sub, lesson.preview, { progress: 10, lastPosition: 6, clientTime: 11 });
    expect(rewatch.body.data.course).toMatchObject({
      progress: 100,
      completed: true,
      completedAt: last.body.data.course.completedAt,
      lessonId: lesson.preview,
    });
    const list = (await ctx.call(sub, 'GET', '/content/progress?status=completed')).body.data;
    expect(list.items.map((i: ProgressWithProduct) => i.productId)).toEqual([ids.lessons]);
  });

  it('resetting a lesson lowers the course figure: the only way it goes down', async () => {
    for (const lessonId of curriculum.map((l) => l.id)) await complete(sub, lessonId);
    const reset = await ctx.call(sub, 'PATCH', lessonPath(lesson.layouts, '/reset'), { clientTime: 20 });
    expect(reset.status).toBe(200);
    expect(reset.body.message).toBe('Progress reset');
    expect(reset.body.data).toMatchObject({
      applied: true,
      lesson: {
        lessonId: lesson.layouts,
        progress: 0,
        lastPosition: 0,
        furthestPosition: 0,
        completed: false,
        completedAt: null,
      },
      course: {
        progress: 38,
        completed: false,
        completedAt: null,
        lessonId: lesson.layouts,
        lastPosition: 0,
      },
    });
    // a save sent before the reset arrives late: stale
    const late = await save(sub, lesson.layouts, {
      progress: 99,
      lastPosition: 590,
      completed: true,
      clientTime: 19,
    });
    expect(late.body.data).toMatchObject({ applied: false, course: { progress: 38, completed: false } });
  });

  it('ignores rows of lessons no longer in the curriculum, once content says it changed', async () => {
    await complete(sub, lesson.layouts);
    await complete(sub, lesson.preview);
    ctx.courses.set(
      ids.lessons,
      curriculum.filter((l) => l.id !== lesson.layouts),
    );
    await forgetCurricula();
    // 660 of 960 weighted seconds before; now 60 of the 360 left (17%), yet a save never lowers the figure
    const grid = await save(sub, lesson.grid, { progress: 10, lastPosition: 24 });
    expect(grid.body.data.course.progress).toBe(69);
    const { body } = await ctx.call(sub, 'GET', coursePath('/lessons'));
    expect(body.data.lessons.map((l: LessonProgress) => l.lessonId)).toEqual([lesson.preview, lesson.grid]);
    expect((await save(sub, lesson.layouts, { progress: 1, lastPosition: 1 })).status).toBe(404);
    // the removed lesson's row neither counts nor shows, and cannot be written; completing what is left completes the course
    expect((await complete(sub, lesson.grid)).body.data.course.progress).toBe(83); // 300 / 360
    expect((await complete(sub, lesson.notes)).body.data.course).toMatchObject({
      progress: 100,
      completed: true,
    });
  });
});

describe('the whole course', () => {
  it('answers the course figure, the current lesson and the rows of the current curriculum in its order', async () => {
    const empty = (await ctx.call(sub, 'GET', coursePath('/lessons'))).body.data;
    expect(empty).toEqual({
      course: {
        productId: ids.lessons,
        progress: 0,
        lastPosition: 0,
        furthestPosition: 0,
        completed: false,
        completedAt: null,
        updatedAt: null,
      },
      currentLessonId: null,
      lessons: [],
    });
    await save(sub, lesson.layouts, { progress: 5, lastPosition: 30, clientTime: 1 });
    await complete(sub, lesson.preview, 2);
    await save(sub, lesson.grid, { progress: 50, lastPosition: 120, clientTime: 3 });
    const { status, body } = await ctx.call(sub, 'GET', coursePath('/lessons'));
    expect(status).toBe(200);
    expect(body.data.currentLessonId).toBe(lesson.grid);
    expect(body.data.course).toMatchObject({ progress: 6, lastPosition: 120, lessonId: lesson.grid });
    expect(
      body.data.lessons.map((l: LessonProgress) => [l.lessonId, l.progress, l.lastPosition, l.completed]),
    ).toEqual([
      [lesson.preview, 100, 0, true],
      [lesson.grid, 50, 120, false],
      [lesson.layouts, 5, 30, false],
    ]);
  });

  it('refuses a position saved on the course itself (409): a course saves per lesson; single-video products save as before', async () => {
    for (const [method, payload] of [
      ['PATCH', { progress: 50, lastPosition: 60 }],
      ['POST', unloadForm({ progress: 50, lastPosition: 60 })],
    ] as const) {
      const { status, body } = await ctx.call(sub, method, coursePath(), payload);
      expect(status).toBe(409);
      expect(body).toEqual({ success: false, message: COURSE_MESSAGES.perLessonProgress });
    }
    expect(await ctx.db.selectFrom('progress').selectAll().execute()).toEqual([]);
    const single = await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, {
      progress: 50,
      lastPosition: 15,
    });
    expect(single.status).toBe(200);
    expect(single.body.data).not.toHaveProperty('lessonId');
  });

  it('refuses Complete on a course (finished lesson by lesson); Reset clears every lesson and the course', async () => {
    await save(sub, lesson.grid, { progress: 50, lastPosition: 120, clientTime: 5 });
    const done = await ctx.call(sub, 'PATCH', coursePath('/complete'), { clientTime: 6 });
    expect(done.status).toBe(409);
    expect(done.body).toEqual({ success: false, message: COURSE_MESSAGES.completeByLessons });
    let course = (await ctx.call(sub, 'GET', coursePath('/lessons'))).body.data;
    // Nothing was marked: the one lesson saved keeps its half, no other lesson gained a row.
    expect(course.lessons.map((l: LessonProgress) => [l.lessonId, l.completed, l.progress])).toEqual([
      [lesson.grid, false, 50],
    ]);

    const reset = await ctx.call(sub, 'PATCH', coursePath('/reset'), { clientTime: 10 });
    expect(reset.status).toBe(200);
    expect(reset.body.data).toEqual({
      productId: ids.lessons,
      progress: 0,
      lastPosition: 0,
      furthestPosition: 0,
      completed: false,
      completedAt: null,
      updatedAt: expect.any(String),
    });
    course = (await ctx.call(sub, 'GET', coursePath('/lessons'))).body.data;
    expect(course.currentLessonId).toBeNull();
    expect(
      course.lessons.every((l: LessonProgress) => l.progress === 0 && l.lastPosition === 0 && !l.completed),
    ).toBe(true);
    // saves sent before the reset stay stale, in lessons saved before and in lessons never saved
    for (const lessonId of [lesson.grid, lesson.layouts]) {
      const late = await save(sub, lessonId, {
        progress: 90,
        lastPosition: 200,
        completed: true,
        clientTime: 9,
      });
      expect(late.body.data).toMatchObject({ applied: false, course: { progress: 0, completed: false } });
    }
  });

  it('heads Continue watching with the lesson the learner was in; stats work off the course figure', async () => {
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, {
      progress: 50,
      lastPosition: 15,
      clientTime: 1,
    });
    await complete(sub, lesson.grid, 1);
    await save(sub, lesson.layouts, { progress: 10, lastPosition: 61.5, clientTime: 2 });
    const recent = (await ctx.call(sub, 'GET', '/content/progress/recent')).body.data;
    expect(recent.map((i: ProgressWithProduct) => i.productId)).toEqual([ids.lessons, ids.video]);
    expect(recent[0]).toMatchObject({
      lessonId: lesson.layouts,
      lastPosition: 61.5,
      progress: 25,
      product: { slug: 'grid-course' },
    });
    expect(recent[1]).not.toHaveProperty('lessonId');
    const list = (await ctx.call(sub, 'GET', '/content/progress?status=in-progress')).body.data;
    expect(list.items[0]).toMatchObject({ productId: ids.lessons, lessonId: lesson.layouts });
    // 25% of the course's 16 minutes + 50% of the video's 30
    expect((await ctx.call(sub, 'GET', '/content/progress/stats')).body.data).toMatchObject({
      started: 2,
      completed: 0,
      minutesWatched: 19,
    });
  });
});

describe('access to a lesson', () => {
  it('opens a free-preview lesson to a signed-in learner without a plan, and refuses the others with the exact message', async () => {
    const preview = await save(learner, lesson.preview, { progress: 50, lastPosition: 30, clientTime: 1 });
    expect(preview.status).toBe(200);
    expect(preview.body.data).toMatchObject({ applied: true, lesson: { lessonId: lesson.preview } });
    expect((await complete(learner, lesson.preview)).status).toBe(200);
    expect((await ctx.call(learner, 'PATCH', lessonPath(lesson.preview, '/reset'), {})).status).toBe(200);
    expect(
      (
        await ctx.call(
          learner,
          'POST',
          lessonPath(lesson.preview),
          unloadForm({ progress: 1, lastPosition: 1 }),
        )
      ).status,
    ).toBe(200);
    for (const [method, path] of [
      ['PATCH', lessonPath(lesson.grid)],
      ['POST', lessonPath(lesson.grid)],
      ['PATCH', lessonPath(lesson.grid, '/complete')],
      ['PATCH', lessonPath(lesson.grid, '/reset')],
      ['PATCH', lessonPath(lesson.unknown)],
      ['GET', coursePath('/lessons')],
    ] as const) {
      const payload =
        method === 'GET'
          ? undefined
          : method === 'POST'
            ? unloadForm({ progress: 1, lastPosition: 1 })
            : { progress: 1, lastPosition: 1 };
      const { status, body } = await ctx.call(learner, method, path, payload);
      expect(status, `${method} ${path}`).toBe(403);
      expect(body).toEqual({ success: false, message: PREMIUM_REQUIRED_MESSAGE });
    }
    const rows = await ctx.db
      .selectFrom('lesson_progress')
      .select('lesson_id')
      .where('user_id', '=', learner.id)
      .execute();
    expect(rows.map((r) => r.lesson_id)).toEqual([lesson.preview]);
  });

  it('refuses anonymous callers with a 401, free preview or not', async () => {
    for (const lessonId of [lesson.preview, lesson.grid]) {
      expect(
        (await ctx.call(null, 'PATCH', lessonPath(lessonId), { progress: 1, lastPosition: 1 })).status,
      ).toBe(401);
    }
    expect((await ctx.call(null, 'GET', coursePath('/lessons'))).status).toBe(401);
  });

  it("answers 404 'Lesson not found' for a lesson the course does not have, and for any lesson of a single-video product", async () => {
    for (const path of [
      lessonPath(lesson.unknown),
      `/content/progress/product/${ids.video}/lessons/${lesson.grid}`,
    ]) {
      const { status, body } = await ctx.call(sub, 'PATCH', path, { progress: 1, lastPosition: 1 });
      expect(status).toBe(404);
      expect(body).toEqual({ success: false, message: COURSE_MESSAGES.lessonNotFound });
    }
    expect(
      (
        await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.missing}/lessons/${lesson.grid}`, {
          progress: 1,
          lastPosition: 1,
        })
      ).body,
    ).toEqual({
      success: false,
      message: 'Product not found',
    });
    expect(await ctx.db.selectFrom('lesson_progress').selectAll().execute()).toEqual([]);
  });

  it('keeps each learner to their own lesson rows', async () => {
    await complete(sub, lesson.grid);
    await ctx.call(otherSubscriber, 'PATCH', lessonPath(lesson.grid, '/reset'), {});
    expect((await ctx.call(sub, 'GET', coursePath('/lessons'))).body.data.lessons).toMatchObject([
      { lessonId: lesson.grid, completed: true },
    ]);
    expect((await ctx.call(otherSubscriber, 'GET', coursePath('/lessons'))).body.data.lessons).toMatchObject([
      { lessonId: lesson.grid, completed: false },
    ]);
  });

  it('lets an admin save in a lesson without asking billing', async () => {
    const before = ctx.billingCalls.length;
    expect((await save(admin, lesson.grid, { progress: 5, lastPosition: 12 })).status).toBe(200);
    expect(ctx.billingCalls.length).toBe(before);
  });
});

describe('internal deletes', () => {
  it("take a course's lesson rows with its product, and a deleted user's with the user", async () => {
    await complete(sub, lesson.grid);
    await complete(otherSubscriber, lesson.grid);
    const byProduct = await ctx.app.request(`/internal/progress/products/${ids.lessons}`, {
      method: 'DELETE',
      headers: internalHeaders(),
    });
    expect(((await byProduct.json()) as { data: DeletedForProduct }).data).toEqual({ deleted: 2 });
    expect(await ctx.db.selectFrom('lesson_progress').selectAll().execute()).toEqual([]);

    await complete(sub, lesson.grid);
    await complete(otherSubscriber, lesson.grid);
    const byUser = await ctx.app.request(`/internal/progress/users/${sub.id}`, {
      method: 'DELETE',
      headers: internalHeaders(),
    });
    expect(((await byUser.json()) as { data: DeletedForUser }).data).toEqual({ deleted: 1 });
    const left = await ctx.db.selectFrom('lesson_progress').select('user_id').execute();
    expect(left).toEqual([{ user_id: otherSubscriber.id }]);
  });
});
