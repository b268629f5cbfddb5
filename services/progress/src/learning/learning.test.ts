import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { learningRecordSchema, type Identity } from '@catalyst/contracts';
import { migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { internalHeaders, testLog, testUsers, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from '../db/schema';
import { migrations } from '../migrations';
import { SCHEMA } from '../setup';
import { createTestContext, curriculum, ids, lesson, otherSubscriber, products } from '../test-support';
import { LEARNING_CREDIT } from './learning.repository';

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
    'certificates',
  ] as const)
    await ctx.db.deleteFrom(table).execute();
  ctx.catalog.clear();
  for (const product of products) ctx.catalog.set(product._id, product);
  ctx.courses.set(ids.lessons, curriculum);
});

const sub = testUsers.subscriber;
const learner = testUsers.learner;
const RECORD = '/content/progress/learning-record';

const saveProduct = (as: Identity, productId: string, lastPosition: number, clientTime?: number) =>
  ctx.call(as, 'PATCH', `/content/progress/product/${productId}`, {
    progress: 10,
    lastPosition,
    ...(clientTime === undefined ? {} : { clientTime }),
  });
const saveLesson = (as: Identity, lessonId: string, lastPosition: number, clientTime?: number) =>
  ctx.call(as, 'PATCH', `/content/progress/product/${ids.lessons}/lessons/${lessonId}`, {
    progress: 10,
    lastPosition,
    ...(clientTime === undefined ? {} : { clientTime }),
  });

/** Today in UTC as the database sees it (the day saves are credited to). */
async function dbToday(): Promise<string> {
  const { rows } = await sql<{ d: string }>`select (now() at time zone 'utc')::date::text as d`.execute(
    ctx.db,
  );
  return rows[0]!.d;
}
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/** Seconds credited to a learner, all days together. */
async function learnedSeconds(userId = sub.id): Promise<number> {
  const row = await ctx.db
    .selectFrom('learning_days')
    .select(sql<number>`coalesce(sum(seconds), 0)::int`.as('s'))
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.s;
}

/** Moves a stored row's last write into the past: how the tests make wall-clock time pass without sleeping. */
async function lastSavedAgo(
  table: 'progress' | 'lesson_progress',
  productId: string,
  seconds: number,
  lessonId?: string,
) {
  await ctx.db
    .updateTable(table)
    .set({ updated_at: sql<Date>`now() - make_interval(secs => ${seconds})` })
    .where('user_id', '=', sub.id)
    .where('product_id', '=', productId)
    .$if(lessonId !== undefined, (qb) => qb.where(ctx.db.dynamic.ref('lesson_id'), '=', lessonId!))
    .execute();
}

async function record(as: Identity = sub) {
  const res = await ctx.call(as, 'GET', RECORD);
  expect(res.status).toBe(200);
  return learningRecordSchema.parse(res.body.data);
}

describe('learning time credited by saves', () => {
  it('credits the forward movement of a save since the stored position, on the UTC day of the save', async () => {
    await saveProduct(sub, ids.video, 8, 1);
    expect(await learnedSeconds()).toBe(8); // a first save: from zero
    await lastSavedAgo('progress', ids.video, 3600);
    await saveProduct(sub, ids.video, 38, 2);
    expect(await learnedSeconds()).toBe(38); // +30: the movement, not the hour since the last save
    const days = await ctx.db
      .selectFrom('learning_days')
      .select([sql<string>`day::text`.as('day'), 'seconds'])
      .where('user_id', '=', sub.id)
      .execute();
    expect(days).toEqual([{ day: await dbToday(), seconds: 38 }]);
  });

  it('caps a seek forward by the wall-clock time since the last save, and any save at ten minutes', async () => {
    // a video of unknown length: no end keeps these positions back (a known one would: progress.test)
    await saveProduct(sub, ids.other, 100, 1);
    await lastSavedAgo('progress', ids.other, 20);
    await saveProduct(sub, ids.other, 100 + 3600, 2); // an hour forward, twenty seconds later
    const afterSeek = (await learnedSeconds()) - 60; // the first save's 100 s was capped at 60
    expect(afterSeek).toBeGreaterThanOrEqual(20);
    expect(afterSeek).toBeLessThan(30); // the 20 s that passed (and the test's own milliseconds), never the hour
    await lastSavedAgo('progress', ids.other, 2 * 3600);
    await saveProduct(sub, ids.other, 3700 + 3600, 3); // another hour forward, two hours later
    expect((await learnedSeconds()) - 60 - afterSeek).toBe(LEARNING_CREDIT.maxSecondsPerSave);
  });

  it('credits a first save far into a video at most the first-save cap', async () => {
    await saveProduct(sub, ids.video, 1800, 1);
    expect(await learnedSeconds()).toBe(LEARNING_CREDIT.maxSecondsFirstSave);
  });

  it('credits nothing for a stale save, nor for a seek back; the next save counts from where the learner went', async () => {
    await saveProduct(sub, ids.video, 10, 2_000);
    await lastSavedAgo('progress', ids.video, 3600);
    const stale = await saveProduct(sub, ids.video, 500, 1_000);
    expect(stale.body.data.applied).toBe(false);
    expect(await learnedSeconds()).toBe(10);
    const back = await saveProduct(sub, ids.video, 0, 3_000);
    expect(back.body.data.applied).toBe(true);
    expect(await learnedSeconds()).toBe(10);
    await lastSavedAgo('progress', ids.video, 3600);
    await saveProduct(sub, ids.video, 25, 4_000);
    expect(await learnedSeconds()).toBe(35);
  });

  it("credits a course's lesson saves once (the course figure they move credits nothing more), stale ones not at all", async () => {
    await saveLesson(sub, lesson.grid, 30, 1);
    await lastSavedAgo('lesson_progress', ids.lessons, 3600, lesson.grid);
    await saveLesson(sub, lesson.grid, 100, 2);
    expect(await learnedSeconds()).toBe(100); // +70 since the stored 30
    await saveLesson(sub, lesson.layouts, 12, 3); // another lesson: its own first save
    expect(await learnedSeconds()).toBe(112);
    await lastSavedAgo('lesson_progress', ids.lessons, 3600, lesson.grid);
    const stale = await saveLesson(sub, lesson.grid, 200, 1);
    expect(stale.body.data.applied).toBe(false);
    expect(await learnedSeconds()).toBe(112);
  });

  it('credits every save of a batch, several products of one learner at once', async () => {
    const results = await Promise.all(
      [ids.video, ids.course, ids.other, ids.free].map((id, i) => saveProduct(sub, id, 5 + i, 1)),
    );
    expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(await learnedSeconds()).toBe(5 + 6 + 7 + 8);
    await Promise.all([ids.video, ids.course].map((id) => lastSavedAgo('progress', id, 3600)));
    await Promise.all([
      saveProduct(sub, ids.video, 15, 2),
      saveProduct(sub, ids.course, 26, 2),
      saveProduct(otherSubscriber, ids.video, 4, 1),
    ]);
    expect(await learnedSeconds()).toBe(26 + 10 + 20);
    expect(await learnedSeconds(otherSubscriber.id)).toBe(4);
  });

  it("forgets a learner's days with the rest of their progress when their account is deleted", async () => {
    await saveProduct(sub, ids.video, 10, 1);
    await saveProduct(otherSubscriber, ids.video, 10, 1);
    const res = await ctx.app.request(`/internal/progress/users/${sub.id}`, {
      method: 'DELETE',
      headers: internalHeaders(),
    });
    expect(res.status).toBe(200);
    expect(await learnedSeconds()).toBe(0);
    expect(await learnedSeconds(otherSubscriber.id)).toBe(10);
  });
});

/** Learning days of the subscriber, by offset from today (0 = today, -1 = yesterday) and seconds. */
async function seedDays(days: Array<[offset: number, seconds: number]>, userId = sub.id) {
  const today = await dbToday();
  await ctx.db
    .insertInto('learning_days')
    .values(days.map(([offset, seconds]) => ({ user_id: userId, day: addDays(today, offset), seconds })))
    .execute();
  return today;
}

/** This week's Monday (UTC) of a day. */
const mondayOf = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));

describe('the learning record', () => {
  it('is for any signed-in user (no plan needed) and refuses visitors', async () => {
    expect((await ctx.call(null, 'GET', RECORD)).status).toBe(401);
    const empty = await record(learner);
    expect(empty).toMatchObject({
      inProgress: [],
      completed: [],
      certificates: [],
      quizzes: [],
      streak: { current: 0, longest: 0, learnedToday: false },
    });
    expect(empty.totals).toEqual({
      minutesLearned: 0,
      coursesCompleted: 0,
      certificates: 0,
      quizzesPassed: 0,
    });
    expect(empty.weeks).toHaveLength(12);
    expect(empty.weeks.every((w) => w.minutes === 0)).toBe(true);
  });

  it('answers minutes per Monday-start UTC week for the last 12 weeks, oldest first, zeros included', async () => {
    const today = await seedDays([
      [0, 600],
      [-7, 1200],
      [-7 * 11, 90], // inside the oldest week shown
      [-7 * 13, 6000], // older than the chart: only in the total
    ]);
    const { weeks, totals } = await record();
    const thisMonday = mondayOf(today);
    expect(weeks.map((w) => w.weekStart)).toEqual(
      Array.from({ length: 12 }, (_, i) => addDays(thisMonday, -7 * (11 - i))),
    );
    expect(weeks.every((w) => new Date(`${w.weekStart}T00:00:00Z`).getUTCDay() === 1)).toBe(true);
    expect(weeks[11]!.minutes).toBe(10);
    expect(weeks[10]!.minutes).toBe(20);
    expect(weeks[0]!.minutes).toBe(2); // 90 s, rounded
    expect(weeks.slice(1, 10).every((w) => w.minutes === 0)).toBe(true);
    expect(totals.minutesLearned).toBe(Math.round((600 + 1200 + 90 + 6000) / 60));
  });

  it('counts the current streak up to today, the longest ever, and whether today counts yet', async () => {
    await seedDays([
      [0, 60],
      [-1, 60],
      [-2, 60],
      [-10, 60],
      [-11, 60],
      [-12, 60],
      [-13, 60],
      [-14, 60],
      [-20, 60],
    ]);
    expect((await record()).streak).toEqual({ current: 3, longest: 5, learnedToday: true });
  });

  it('keeps the current streak alive through yesterday while today has no learning yet, and ends it after a missed day', async () => {
    await seedDays([
      [-1, 60],
      [-2, 60],
    ]);
    expect((await record()).streak).toEqual({ current: 2, longest: 2, learnedToday: false });
    await ctx.db.deleteFrom('learning_days').execute();
    await seedDays([
      [-2, 60],
      [-3, 60],
      [-4, 60],
    ]);
    expect((await record()).streak).toEqual({ current: 0, longest: 3, learnedToday: false });
  });

  it("counts only the learner's own days", async () => {
    await seedDays([[0, 600]], otherSubscriber.id);
    const mine = await record();
    expect(mine.streak.current).toBe(0);
    expect(mine.totals.minutesLearned).toBe(0);
    expect((await record(otherSubscriber)).totals.minutesLearned).toBe(10);
  });

  it('lists courses in progress and completed newest first, with their products; drafts and products gone are left out', async () => {
    await saveProduct(sub, ids.course, 60, 1);
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}`, {
      progress: 95,
      lastPosition: 28,
      clientTime: 1,
    });
    await saveProduct(sub, ids.other, 30, 1);
    await ctx.db
      .insertInto('progress')
      .values([
        { user_id: sub.id, product_id: ids.draft, progress: 10, last_position: 5 },
        { user_id: sub.id, product_id: ids.missing, progress: 10, last_position: 5 },
        { user_id: otherSubscriber.id, product_id: ids.free, progress: 10, last_position: 5 },
      ])
      .execute();
    const { inProgress, completed, totals } = await record();
    expect(inProgress.map((p) => p.productId)).toEqual([ids.other, ids.course]);
    expect(inProgress[0]).toMatchObject({
      lastPosition: 30,
      product: { title: 'Other Video', slug: 'other-video' },
    });
    expect(completed.map((p) => p.productId)).toEqual([ids.video]);
    expect(completed[0]).toMatchObject({ completed: true, product: { title: 'CSS Video' } });
    expect(totals.coursesCompleted).toBe(1);
  });

  it('answers quiz results per quiz: best score, passed, attempts, the last attempt, with the course named', async () => {
    const at = (iso: string) => new Date(iso);
    const attempt = (
      n: number,
      userId: string,
      productId: string,
      lessonId: string,
      score: number,
      passed: boolean,
      submittedAt: string,
    ) => ({
      id: `attempt-${userId.slice(0, 4)}-${n}`,
      user_id: userId,
      product_id: productId,
      lesson_id: lessonId,
      score,
      passed,
      answers: '[]',
      graded: '[]',
      submitted_at: at(submittedAt),
    });
    await ctx.db
      .insertInto('quiz_attempts')
      .values([
        attempt(1, sub.id, ids.lessons, lesson.notes, 40, false, '2026-01-01T10:00:00Z'),
        attempt(2, sub.id, ids.lessons, lesson.notes, 90, true, '2026-01-01T10:05:00Z'),
        attempt(3, sub.id, ids.lessons, lesson.notes, 70, true, '2026-01-01T10:10:00Z'),
        attempt(4, sub.id, ids.course, lesson.layouts, 20, false, '2026-01-02T09:00:00Z'),
        attempt(5, sub.id, ids.missing, lesson.layouts, 100, true, '2026-01-03T09:00:00Z'), // a course content no longer has
        attempt(6, otherSubscriber.id, ids.course, lesson.grid, 100, true, '2026-01-04T09:00:00Z'),
      ])
      .execute();
    const { quizzes, totals } = await record();
    expect(quizzes).toEqual([
      {
        productId: ids.course,
        productTitle: 'React Course',
        productSlug: 'react-course',
        lessonId: lesson.layouts,
        bestScore: 20,
        passed: false,
        attempts: 1,
        lastAttemptAt: '2026-01-02T09:00:00.000Z',
      },
      {
        productId: ids.lessons,
        productTitle: 'Grid Course',
        productSlug: 'grid-course',
        lessonId: lesson.notes,
        bestScore: 90,
        passed: true,
        attempts: 3,
        lastAttemptAt: '2026-01-01T10:10:00.000Z',
      },
    ]);
    expect(totals.quizzesPassed).toBe(2); // the passed quiz of the course gone still counts as passed
  });

  it("lists the learner's certificates newest first with their public addresses, and counts the valid ones", async () => {
    const certificate = (
      code: string,
      userId: string,
      productId: string,
      issuedAt: string,
      revoked = false,
    ) => ({
      code,
      user_id: userId,
      product_id: productId,
      learner_name: 'Sam Subscriber',
      course_title: 'Grid Course',
      creator_name: 'Cleo Creator',
      product_slug: 'grid-course',
      hours: 1.5,
      completed_at: issuedAt,
      issued_at: issuedAt,
      revoked_at: revoked ? issuedAt : null,
      revoked_reason: revoked ? 'Issued in error' : null,
    });
    await ctx.db
      .insertInto('certificates')
      .values([
        certificate('AB12CD34EF', sub.id, ids.lessons, '2026-02-01T12:00:00Z'),
        certificate('ZZ12CD34EF', sub.id, ids.course, '2026-03-01T12:00:00Z', true),
        certificate('0012CD34EF', otherSubscriber.id, ids.lessons, '2026-04-01T12:00:00Z'),
      ])
      .execute();
    const { certificates, totals } = await record();
    expect(certificates.map((c) => [c.code, c.status])).toEqual([
      ['ZZ12CD34EF', 'revoked'],
      ['AB12CD34EF', 'valid'],
    ]);
    expect(certificates[1]).toMatchObject({
      learnerName: 'Sam Subscriber',
      courseTitle: 'Grid Course',
      hours: 1.5,
      completedAt: '2026-02-01T12:00:00.000Z',
      revokedAt: null,
      verifyUrl: expect.stringMatching(/^https?:\/\/[^/]+\/certificates\/AB12CD34EF$/),
      pdfUrl: expect.stringMatching(/\/api\/v1\/certificates\/AB12CD34EF\/pdf$/),
      credentialUrl: expect.stringMatching(/\/api\/v1\/certificates\/AB12CD34EF\/credential$/),
    });
    expect(certificates[0]).toMatchObject({ revokedReason: 'Issued in error' });
    expect(totals.certificates).toBe(1);
  });
});

describe('certificates issued late', () => {
  it('issues the certificate of a course completed while auth could not answer when the record is read, then lists it', async () => {
    ctx.peers.authDown = true;
    try {
      let done = { status: 0, body: { data: { course: { completed: false } } } };
      for (const id of Object.values(lesson).filter((id) => id !== lesson.unknown))
        done = await ctx.call(
          sub,
          'PATCH',
          `/content/progress/product/${ids.lessons}/lessons/${id}/complete`,
          {},
        );
      expect(done.status).toBe(200);
      expect(done.body.data.course.completed).toBe(true);
    } finally {
      ctx.peers.authDown = false;
    }
    expect(await ctx.db.selectFrom('certificates').select('code').execute()).toEqual([]);
    const { certificates, completed, totals } = await record();
    expect(certificates).toHaveLength(1);
    expect(certificates[0]).toMatchObject({
      productId: ids.lessons,
      courseTitle: 'Grid Course',
      learnerName: sub.name,
      status: 'valid',
    });
    expect(completed.map((p) => p.productId)).toEqual([ids.lessons]);
    expect(totals).toMatchObject({ certificates: 1, coursesCompleted: 1 });
    // read again: the same one certificate
    expect((await record()).certificates.map((c) => c.code)).toEqual([certificates[0]!.code]);
  });
});

describe('a learner with thousands of rows', () => {
  it('answers 5,000 progress rows and three years of learning days correctly, the lists bounded at 50', async () => {
    const ROWS = 5_000;
    const productId = (i: number) => `77777777777777777777${String(i).padStart(4, '0')}`;
    for (let i = 0; i < ROWS; i++)
      ctx.catalog.set(productId(i), {
        ...products[1]!,
        _id: productId(i),
        slug: `video-${i}`,
        title: `Video ${i}`,
      });
    // Every third row completed; row i last saved i minutes ago (row 0 is the newest).
    const rows = Array.from({ length: ROWS }, (_, i) => ({
      user_id: sub.id,
      product_id: productId(i),
      progress: i % 3 === 0 ? 100 : 40,
      last_position: 20,
      furthest_position: 20,
      completed: i % 3 === 0,
      completed_at: i % 3 === 0 ? new Date(Date.now() - i * 60_000) : null,
      updated_at: new Date(Date.now() - i * 60_000),
    }));
    for (let i = 0; i < ROWS; i += 1_000)
      await ctx.db
        .insertInto('progress')
        .values(rows.slice(i, i + 1_000))
        .execute();
    // Three years of days, 60 s each: learned every day except every seventh day back (today, the 7th, 14th …
    // day ago are gaps), but for a run of 41 days about two years ago (701..741 days back: 700 and 742 are gaps).
    const today = await dbToday();
    const offsets = Array.from({ length: 3 * 365 }, (_, i) => i).filter(
      (back) => back % 7 !== 0 || (back > 700 && back < 742),
    );
    await ctx.db
      .insertInto('learning_days')
      .values(offsets.map((back) => ({ user_id: sub.id, day: addDays(today, -back), seconds: 60 })))
      .execute();

    const { inProgress, completed, weeks, streak, totals } = await record();
    const expectedCompleted = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 3 === 0);
    const expectedInProgress = Array.from({ length: ROWS }, (_, i) => i).filter((i) => i % 3 !== 0);
    expect(completed.map((p) => p.productId)).toEqual(expectedCompleted.slice(0, 50).map(productId));
    expect(inProgress.map((p) => p.productId)).toEqual(expectedInProgress.slice(0, 50).map(productId));
    expect(inProgress[0]!.product.title).toBe('Video 1');
    expect(totals.coursesCompleted).toBe(expectedCompleted.length);
    // Today is a gap: the current run ends yesterday (days 1..6 back).
    expect(streak).toEqual({ current: 6, longest: 41, learnedToday: false });
    expect(totals.minutesLearned).toBe(offsets.length);
    // Each full week holds six learning days (one gap a week), except this week's days up to today.
    const thisMonday = mondayOf(today);
    const learnedIn = (monday: string) =>
      offsets.filter((back) => {
        const day = addDays(today, -back);
        return day >= monday && day < addDays(monday, 7);
      }).length;
    expect(weeks.map((w) => w.minutes)).toEqual(
      Array.from({ length: 12 }, (_, i) => learnedIn(addDays(thisMonday, -7 * (11 - i)))),
    );
    expect(weeks.slice(0, 11).every((w) => w.minutes === 6)).toBe(true);
  });
});

describe('the learning days migration', () => {
  const db = useTestDatabase<Database>(SCHEMA);

  it("backfills existing learners: each row's furthest point credited to the day it was last saved, a course by its lessons only", async () => {
    const names = Object.keys(migrations);
    const learningDays = names.find((n) => n.endsWith('_learning_days'))!;
    // every migration before it (those after it run with it, below)
    const before = Object.fromEntries(names.filter((n) => n < learningDays).map((n) => [n, migrations[n]!]));
    await migrateToLatest(db(), SCHEMA, before, testLog);
    const raw = db() as MigrationDb;
    await raw
      .insertInto('progress')
      .values([
        {
          user_id: 'u1',
          product_id: 'video',
          last_position: 30,
          furthest_position: 100.4,
          updated_at: '2026-03-02T23:30:00Z',
        },
        {
          user_id: 'u1',
          product_id: 'other',
          last_position: 5,
          furthest_position: 20,
          updated_at: '2026-03-02T08:00:00Z',
        },
        {
          user_id: 'u1',
          product_id: 'course',
          last_position: 5,
          furthest_position: 500,
          updated_at: '2026-03-05T08:00:00Z',
        },
        {
          user_id: 'u2',
          product_id: 'video',
          last_position: 0,
          furthest_position: 0,
          updated_at: '2026-03-05T08:00:00Z',
        },
      ])
      .execute();
    await raw
      .insertInto('lesson_progress')
      .values([
        {
          user_id: 'u1',
          product_id: 'course',
          lesson_id: 'l1',
          furthest_position: 300,
          updated_at: '2026-03-04T08:00:00Z',
        },
        {
          user_id: 'u1',
          product_id: 'course',
          lesson_id: 'l2',
          furthest_position: 500,
          updated_at: '2026-03-05T08:00:00Z',
        },
      ])
      .execute();
    await migrateToLatest(db(), SCHEMA, migrations, testLog);
    const days = await db()
      .selectFrom('learning_days')
      .select(['user_id', sql<string>`day::text`.as('day'), 'seconds'])
      .orderBy('user_id')
      .orderBy('day')
      .execute();
    expect(days).toEqual([
      { user_id: 'u1', day: '2026-03-02', seconds: 120 },
      { user_id: 'u1', day: '2026-03-04', seconds: 300 },
      { user_id: 'u1', day: '2026-03-05', seconds: 500 },
    ]);
  });
});
