import { describe, expect, it } from 'vitest';
import { courseProgressOf, demoAccounts, demoTeam } from '@catalyst/contracts';
import { demoEntityId, measureMediaSeconds } from '@catalyst/service-kit';
import {
  DEMO_COURSES,
  DEMO_MEMBER_COMPLETED_COURSE,
  DEMO_MEMBER_COURSE,
  demoLessonId,
  demoOptionId,
  demoQuestionId,
  demoVideoFor,
} from '@catalyst/demo';
import { completedCoursesWithoutCertificate } from './certificates/certificates.repository';
import { streaksAndTotal, weeklySeconds } from './learning/learning.repository';
import { gradeAttempt } from './quizzes/grading';
import path from 'node:path';
import { testLog, useTestDatabase } from '@catalyst/service-kit/testing';
import type { Database } from './db/schema';
import { learnerFigures } from './team-figures/team-figures.repository';
import { SCHEMA, prepareDatabase } from './setup';

const db = useTestDatabase<Database>(SCHEMA);

describe('demo progress seed', () => {
  it('gives the demo member lessons in progress on demo products, once', async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    await prepareDatabase(db(), { seed: true, log: testLog });
    const rows = await db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', demoAccounts.member.id)
      .execute();
    expect(rows.length).toBe(6);
    expect(rows.every((r) => r.user_id === demoAccounts.member.id)).toBe(true);
    expect(rows.map((r) => r.product_id)).toContain(demoEntityId('product', 'html-css-from-scratch'));
    expect(rows.map((r) => r.product_id)).toContain(demoEntityId('product', DEMO_MEMBER_COURSE.slug));
    const completedCourse = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COMPLETED_COURSE.slug)!;
    const completedLessons = completedCourse.sections.flatMap((s) => s.lessons).length;
    expect(await db().selectFrom('lesson_progress').selectAll().execute()).toHaveLength(
      DEMO_MEMBER_COURSE.completedLessons.length + 1 + completedLessons,
    );
    expect(await db().selectFrom('quiz_attempts').selectAll().execute()).toHaveLength(1);
    expect(rows.filter((r) => r.completed).every((r) => r.progress === 100 && r.completed_at)).toBe(true);
  });

  it("credits the member's learning time to the days the rows were saved, so the learning record agrees with them", async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    const member = demoAccounts.member.id;
    const lessons = await db().selectFrom('lesson_progress').selectAll().execute();
    const courses = new Set(lessons.map((row) => row.product_id));
    // a course's own row is derived from its lessons: only the lessons count
    const videos = (
      await db().selectFrom('progress').selectAll().where('user_id', '=', demoAccounts.member.id).execute()
    ).filter((row) => !courses.has(row.product_id));
    const watched = [...videos, ...lessons].reduce((sum, row) => sum + row.furthest_position, 0);
    const { current, seconds } = await streaksAndTotal(db(), member);
    expect(watched).toBeGreaterThan(0);
    expect(Math.abs(seconds - watched)).toBeLessThanOrEqual(videos.length + lessons.length);
    // something was learned within the last hour (the demo course's lesson, 10 minutes ago): the streak is running
    expect(current).toBeGreaterThanOrEqual(1);
    expect((await weeklySeconds(db(), member)).reduce((sum, week) => sum + week.seconds, 0)).toBe(seconds);

    await prepareDatabase(db(), { seed: true, log: testLog });
    expect((await streaksAndTotal(db(), member)).seconds).toBe(seconds);
  });

  it("places the member inside each lesson's real length: the percentage is the position over the media's duration", async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    const rows = await db()
      .selectFrom('progress')
      .selectAll()
      .where('user_id', '=', demoAccounts.member.id)
      .execute();
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    for (const slug of [
      'html-css-from-scratch',
      'python-for-data-analysis',
      'react-hooks-in-depth',
      'sql-for-analysts',
    ]) {
      const row = rows.find((r) => r.product_id === demoEntityId('product', slug))!;
      const lesson = await measureMediaSeconds(path.join(repoRoot, demoVideoFor(slug)));
      expect(row.last_position, slug).toBeLessThanOrEqual(lesson);
      expect(row.furthest_position).toBe(row.last_position);
      if (!row.completed) expect(row.progress, slug).toBe(Math.round((row.last_position / lesson) * 100));
    }
  });

  it('puts the member part-way through the demo course: lessons done at their real end, the current one at its share, the course derived and newest', async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    const repoRoot = path.resolve(import.meta.dirname, '../../..');
    const course = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COURSE.slug)!;
    const productId = demoEntityId('product', course.slug);
    const lessons = await db()
      .selectFrom('lesson_progress')
      .selectAll()
      .where('product_id', '=', productId)
      .execute();
    const rowOf = (key: string) => lessons.find((r) => r.lesson_id === demoLessonId(course.slug, key))!;
    const curriculum = course.sections.flatMap((s) => s.lessons);
    const seconds = new Map<string, number>();
    for (const lesson of curriculum) {
      if (lesson.video) seconds.set(lesson.key, await measureMediaSeconds(path.join(repoRoot, lesson.video)));
    }

    for (const key of DEMO_MEMBER_COURSE.completedLessons) {
      const lesson = curriculum.find((l) => l.key === key)!;
      const row = rowOf(key);
      expect(row, key).toMatchObject({ user_id: demoAccounts.member.id, progress: 100, completed: true });
      expect(row.completed_at).toBeInstanceOf(Date);
      // a video is watched to its measured end, an article read at 0
      expect(row.last_position, key).toBeCloseTo(lesson.kind === 'video' ? seconds.get(key)! : 0, 1);
    }
    const current = rowOf(DEMO_MEMBER_COURSE.currentLesson);
    const currentSeconds = seconds.get(DEMO_MEMBER_COURSE.currentLesson)!;
    expect(current.completed).toBe(false);
    expect(current.last_position).toBeCloseTo(currentSeconds * DEMO_MEMBER_COURSE.watched, 1);
    expect(current.progress).toBe(Math.round((current.last_position / currentSeconds) * 100));

    const row = await db()
      .selectFrom('progress')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    const figure = courseProgressOf(
      curriculum.map((l) => ({
        id: demoLessonId(course.slug, l.key),
        durationSeconds: l.video ? Math.round(seconds.get(l.key)!) : (l.readingSeconds ?? null),
      })),
      lessons.map((r) => ({ lessonId: r.lesson_id, completed: r.completed })),
    );
    expect(figure.percent).toBeGreaterThan(0);
    expect(row).toMatchObject({
      progress: figure.percent,
      completed: false,
      current_lesson_id: demoLessonId(course.slug, DEMO_MEMBER_COURSE.currentLesson),
      last_position: current.last_position,
    });
    // the newest of the member's rows: Continue watching opens it first, in the lesson they were in
    const newest = await db()
      .selectFrom('progress')
      .select('product_id')
      .where('user_id', '=', demoAccounts.member.id)
      .orderBy('updated_at', 'desc')
      .executeTakeFirstOrThrow();
    expect(newest.product_id).toBe(productId);
  });

  it('has the member finish the completed demo course: every lesson, the quiz passed with every answer right, the course completed days ago, its certificate due', async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    const course = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COMPLETED_COURSE.slug)!;
    const productId = demoEntityId('product', course.slug);
    const curriculum = course.sections.flatMap((s) => s.lessons);
    const lessons = await db()
      .selectFrom('lesson_progress')
      .selectAll()
      .where('product_id', '=', productId)
      .execute();
    expect(lessons.map((r) => r.lesson_id).sort()).toEqual(
      curriculum.map((l) => demoLessonId(course.slug, l.key)).sort(),
    );
    expect(
      lessons.every((r) => r.user_id === demoAccounts.member.id && r.completed && r.progress === 100),
    ).toBe(true);

    const row = await db()
      .selectFrom('progress')
      .selectAll()
      .where('product_id', '=', productId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ user_id: demoAccounts.member.id, completed: true, progress: 100 });
    const daysAgo = (Date.now() - row.completed_at!.getTime()) / 86_400_000;
    expect(daysAgo).toBeCloseTo(DEMO_MEMBER_COMPLETED_COURSE.completedDaysAgo, 1);

    // the kept attempt is what grading the demo quiz's right answers gives
    const quiz = curriculum.find((l) => l.kind === 'quiz')!;
    const key = {
      lessonId: demoLessonId(course.slug, quiz.key),
      passPercent: quiz.quiz!.passPercent,
      questions: quiz.quiz!.questions.map((question) => ({
        id: demoQuestionId(course.slug, quiz.key, question.key),
        kind: question.kind,
        optionIds: question.options.map((o) => demoOptionId(course.slug, quiz.key, question.key, o.key)),
        correctOptionIds: question.options
          .filter((o) => o.correct)
          .map((o) => demoOptionId(course.slug, quiz.key, question.key, o.key)),
        explanation: question.explanation ?? null,
      })),
    };
    const [attempt] = await db()
      .selectFrom('quiz_attempts')
      .selectAll()
      .where('product_id', '=', productId)
      .execute();
    const graded = gradeAttempt(key, attempt!.answers);
    expect(graded).toMatchObject({ score: 100, passed: true });
    expect(attempt).toMatchObject({
      lesson_id: key.lessonId,
      score: 100,
      passed: true,
      graded: graded.questions,
    });
    // the service issues its certificate on the member's first read (auth's name, content's facts)
    expect(await completedCoursesWithoutCertificate(db(), demoAccounts.member.id)).toEqual([productId]);
  });

  it("gives Northwind's members figures for the team dashboard, once, and one of them none", async () => {
    await prepareDatabase(db(), { seed: true, log: testLog });
    await prepareDatabase(db(), { seed: true, log: testLog });
    const figures = await learnerFigures(
      db(),
      demoTeam.members.map((m) => m.id),
    );
    const active = figures.filter((f) => f.last_active !== null);
    expect(active.length).toBeGreaterThanOrEqual(6);
    expect(figures.some((f) => f.finished > 0)).toBe(true);
    expect(figures.some((f) => f.in_progress > 0)).toBe(true);
    expect(figures.some((f) => f.seconds_this_month > 0)).toBe(true);
    const follows = await db().selectFrom('path_follows').select('user_id').execute();
    expect(follows).toHaveLength(4);
  });
});
