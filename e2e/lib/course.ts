// What the course journeys share: the API's outline and course progress, putting a learner's course back as
// it was, and the demo quizzes (their right answers from DEMO_COURSES) answered through the API or the page.
import type { APIRequestContext, Page } from '@playwright/test';
import {
  DEMO_COURSES,
  demoLessonId,
  demoOptionId,
  demoQuestionId,
  type DemoLesson,
  type DemoQuizQuestion,
} from '../../packages/demo/src/courses';
import { retakeGapSeconds } from '../../packages/contracts/src/quiz-terms';
import { expect } from '../fixtures';

// ---------- what the API says ----------

export interface OutlineLesson {
  id: string;
  title: string;
  kind: string;
  durationSeconds: number | null;
  isFreePreview: boolean;
}
export interface Outline {
  productId: string;
  version: number;
  sections: Array<{ id: string; title: string; lessons: OutlineLesson[] }>;
}
interface LessonRow {
  lessonId: string;
  progress: number;
  lastPosition: number;
  completed: boolean;
}
export interface CourseProgress {
  course: { progress: number; completed: boolean };
  currentLessonId: string | null;
  lessons: LessonRow[];
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

export async function outlineOf(request: APIRequestContext, slug: string): Promise<Outline> {
  const res = await request.get(`/api/v1/content/products/${slug}/curriculum`);
  expect(res.status(), `the outline of ${slug}`).toBe(200);
  return ((await res.json()) as { data: Outline }).data;
}

export const lessonsOf = (outline: Outline) => outline.sections.flatMap((s) => s.lessons);

export function lessonTitled(outline: Outline, title: string): OutlineLesson {
  const lesson = lessonsOf(outline).find((l) => l.title === title);
  expect(lesson?.title, `the demo course has the lesson '${title}'`).toBe(title);
  return lesson!;
}

export async function courseProgressOf(
  request: APIRequestContext,
  token: string,
  productId: string,
): Promise<CourseProgress> {
  const res = await request.get(`/api/v1/content/progress/product/${productId}/lessons`, {
    headers: bearer(token),
  });
  expect(res.status(), 'the course progress').toBe(200);
  return ((await res.json()) as { data: CourseProgress }).data;
}

const lessonProgressUrl = (productId: string, lessonId: string) =>
  `/api/v1/content/progress/product/${productId}/lessons/${lessonId}`;

/** Mark Complete on a lesson, as the player's button does (a quiz refuses it: it is completed by passing). */
export async function completeLesson(
  request: APIRequestContext,
  token: string,
  productId: string,
  lessonId: string,
) {
  const res = await request.patch(`${lessonProgressUrl(productId, lessonId)}/complete`, {
    headers: bearer(token),
    data: {},
  });
  expect(res.status(), `completing lesson ${lessonId}`).toBe(200);
}

/** Reset course: every lesson of it back to zero (quiz attempts and a certificate stay, as the product keeps them). */
async function resetCourse(request: APIRequestContext, token: string, productId: string) {
  const res = await request.patch(`/api/v1/content/progress/product/${productId}/reset`, {
    headers: bearer(token),
    data: {},
  });
  expect(res.status(), 'resetting the course').toBe(200);
}

/**
 * Puts a learner's course back as it was read: Reset course, then every lesson row written again as the player
 * saves it (completed ones completed, at their position), the lesson they were in last so it is the lesson the
 * course opens in. (A quiz passed since stays passed in its attempts and a certificate issued since stays: the
 * product keeps those; only the progress rows go back.) A course with a completed quiz cannot be put back so.
 */
export async function restoreCourse(
  request: APIRequestContext,
  token: string,
  productId: string,
  saved: CourseProgress,
) {
  await resetCourse(request, token, productId);
  const written = saved.lessons.filter((r) => r.completed || r.progress > 0 || r.lastPosition > 0);
  // the lesson they were in goes last
  written.sort(
    (a, b) => Number(a.lessonId === saved.currentLessonId) - Number(b.lessonId === saved.currentLessonId),
  );
  for (const row of written) {
    const res = await request.patch(lessonProgressUrl(productId, row.lessonId), {
      headers: bearer(token),
      data: { progress: row.progress, lastPosition: row.lastPosition, completed: row.completed },
    });
    expect(res.status(), `restoring lesson ${row.lessonId}`).toBe(200);
  }
  const now = await courseProgressOf(request, token, productId);
  expect(now.course).toMatchObject({ progress: saved.course.progress, completed: saved.course.completed });
  expect(now.currentLessonId).toBe(saved.currentLessonId);
  // every lesson row as it was read (lessons never saved are zero rows after the reset)
  for (const row of saved.lessons) {
    expect(
      now.lessons.find((r) => r.lessonId === row.lessonId),
      `lesson ${row.lessonId} restored`,
    ).toMatchObject({ completed: row.completed, progress: row.progress, lastPosition: row.lastPosition });
  }
}

// ---------- the page ----------

export const lessonUrl = (slug: string, lessonId: string) =>
  new RegExp(`/browse/premium/product/${slug}/lesson/${lessonId}$`);
export const lessonHeading = (page: Page, title: string) =>
  page.getByRole('heading', { level: 2, name: title, exact: true });

// ---------- the demo quizzes ----------

/** A demo course's quiz lesson (every demo course ends with one, key 'quiz'), with its answers. */
export function demoQuizOf(slug: string): DemoLesson & { quiz: NonNullable<DemoLesson['quiz']> } {
  const course = DEMO_COURSES.find((c) => c.slug === slug);
  const lesson = course?.sections.flatMap((s) => s.lessons).find((l) => l.kind === 'quiz');
  expect(lesson?.quiz?.questions.length, `${slug} has a demo quiz`).toBeGreaterThan(0);
  return lesson as DemoLesson & { quiz: NonNullable<DemoLesson['quiz']> };
}

/** Which options of a question to choose (their keys). */
export type QuizPick = (question: DemoQuizQuestion, index: number) => string[];
/** Every question answered right. */
export const rightAnswers: QuizPick = (question) =>
  question.options.filter((o) => o.correct).map((o) => o.key);
/** The first question right, every other one wrong (one wrong option chosen): a third right, below any demo pass mark. */
export const mostlyWrongAnswers: QuizPick = (question, index) =>
  index === 0 ? rightAnswers(question, index) : [question.options.find((o) => !o.correct)!.key];

/** The score a pick earns (whole percent of questions right, rounded down, as progress grades). */
export const scoreOf = (slug: string, pick: QuizPick) => {
  const { questions } = demoQuizOf(slug).quiz;
  const right = questions.filter((q, i) => {
    const chosen = pick(q, i);
    const correct = rightAnswers(q, i);
    return chosen.length === correct.length && chosen.every((key) => correct.includes(key));
  }).length;
  return Math.floor((right * 100) / questions.length);
};

/** How long a learner waits after a first failed attempt at a quiz: the contracts' rule, plus a margin. */
const retakeGapMs = (_slug: string) => retakeGapSeconds(1) * 1000 + 750;

/** Waits until a retake after an attempt made at `attemptedAt` (ms since the epoch) is allowed. */
export async function waitOutRetakeGap(page: Page, slug: string, attemptedAt: number) {
  const left = attemptedAt + retakeGapMs(slug) - Date.now();
  if (left > 0) await page.waitForTimeout(left);
}

/** Submits an attempt at a demo quiz through the API; answers the graded attempt (and when it was made). */
export async function submitQuizAttempt(
  request: APIRequestContext,
  token: string,
  productId: string,
  slug: string,
  pick: QuizPick,
) {
  const quiz = demoQuizOf(slug);
  const answers = quiz.quiz.questions.map((q, i) => ({
    questionId: demoQuestionId(slug, quiz.key, q.key),
    optionIds: pick(q, i).map((key) => demoOptionId(slug, quiz.key, q.key, key)),
  }));
  const res = await request.post(
    `${lessonProgressUrl(productId, demoLessonId(slug, quiz.key))}/quiz-attempts`,
    { headers: bearer(token), data: { answers } },
  );
  expect(res.status(), `the quiz attempt answered ${res.status()}: ${await res.text()}`).toBe(201);
  const attempt = ((await res.json()) as { data: { attempt: { score: number; passed: boolean } } }).data
    .attempt;
  return { ...attempt, at: Date.now() };
}

/**
 * Chooses answers in the quiz form as a learner does: each question is a group named by its prompt, each
 * option a radio (single choice, true/false) or a checkbox (multiple choice) named by its text.
 */
export async function chooseAnswers(page: Page, slug: string, pick: QuizPick) {
  const form = page.getByRole('form', { name: 'Quiz' });
  const { questions } = demoQuizOf(slug).quiz;
  for (const [index, question] of questions.entries()) {
    const group = form.getByRole('group', { name: question.prompt, exact: true });
    const chosen = pick(question, index);
    for (const option of question.options) {
      const input = group.getByRole(question.kind === 'multiple' ? 'checkbox' : 'radio', {
        name: option.text,
        exact: true,
      });
      if (chosen.includes(option.key)) await input.check();
      else if (question.kind === 'multiple') await input.uncheck();
    }
  }
}
