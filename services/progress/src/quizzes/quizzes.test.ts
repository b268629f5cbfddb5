import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import {
  COURSE_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  QUIZ_MESSAGES,
  type Identity,
  type QuizPaper,
} from '@catalyst/contracts';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, ids, lesson, opt, q, quizLesson, rightAnswers } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  for (const table of [
    'certificates',
    'quiz_papers',
    'quiz_attempts',
    'lesson_progress',
    'progress',
  ] as const)
    await ctx.db.deleteFrom(table).execute();
});

const sub = testUsers.subscriber;
const learner = testUsers.learner;
const lessonPath = (lessonId: string, suffix = '', course = ids.quizCourse) =>
  `/content/progress/product/${course}/lessons/${lessonId}${suffix}`;
const attemptsPath = (lessonId = quizLesson.final, course = ids.quizCourse) =>
  lessonPath(lessonId, '/quiz-attempts', course);
const submit = (as: Identity, answers: unknown, lessonId = quizLesson.final) =>
  ctx.call(as, 'POST', attemptsPath(lessonId), { answers });

/** Moves a learner's attempts back in time, as if they had taken them a minute ago (the retake gap has passed). */
const aMinuteLater = () =>
  ctx.db
    .updateTable('quiz_attempts')
    .set({ submitted_at: new Date(Date.now() - 60_000) })
    .execute();

describe('grading an attempt', () => {
  it('grades on the server: a failed attempt says which questions were wrong and what was chosen, never the right options nor why', async () => {
    const { status, body } = await submit(sub, [
      { questionId: q(1), optionIds: [opt(1, 'a')] },
      { questionId: q(2), optionIds: [opt(2, 'a')] },
    ]);
    expect(status).toBe(201);
    // one of three right (the multiple choice needs both a and b; the true/false is unanswered): 33%
    expect(body.data.attempt).toMatchObject({ score: 33, passed: false });
    expect(body.message).toBe(QUIZ_MESSAGES.failed(33, 70));
    expect(body.data.attempt.questions).toEqual([
      { questionId: q(1), correct: true, chosenOptionIds: [opt(1, 'a')] },
      { questionId: q(2), correct: false, chosenOptionIds: [opt(2, 'a')] },
      { questionId: q(3), correct: false, chosenOptionIds: [] },
    ]);
    expect(JSON.stringify(body)).not.toMatch(/correctOptionIds|explanation|Because a|It is true/);
    expect(body.data.bestScore).toBe(33);
    expect(body.data.lesson).toMatchObject({ lessonId: quizLesson.final, completed: false, progress: 0 });
    expect(body.data.course).toMatchObject({ productId: ids.quizCourse, completed: false });
    // the kept attempt holds the whole grading
    const kept = await ctx.db.selectFrom('quiz_attempts').select('graded').executeTakeFirstOrThrow();
    expect(kept.graded[2]).toEqual({
      questionId: q(3),
      correct: false,
      chosenOptionIds: [],
      correctOptionIds: [opt(3, 'a')],
      explanation: 'It is true.',
    });
  });

  it('shows every right option and the explanations after a pass', async () => {
    const { body } = await submit(sub, rightAnswers());
    expect(body.data.attempt.questions).toEqual([
      {
        questionId: q(1),
        correct: true,
        chosenOptionIds: [opt(1, 'a')],
        correctOptionIds: [opt(1, 'a')],
        explanation: 'Because a.',
      },
      {
        questionId: q(2),
        correct: true,
        chosenOptionIds: expect.arrayContaining([opt(2, 'a'), opt(2, 'b')]),
        correctOptionIds: [opt(2, 'a'), opt(2, 'b')],
        explanation: null,
      },
      {
        questionId: q(3),
        correct: true,
        chosenOptionIds: [opt(3, 'a')],
        correctOptionIds: [opt(3, 'a')],
        explanation: 'It is true.',
      },
    ]);
  });

  it('passes at the pass mark: every answer right is 100 and completes the lesson', async () => {
    const { status, body } = await submit(sub, rightAnswers());
    expect(status).toBe(201);
    expect(body.message).toBe(QUIZ_MESSAGES.passed(100));
    expect(body.data.attempt).toMatchObject({ score: 100, passed: true });
    expect(body.data.lesson).toMatchObject({ lessonId: quizLesson.final, completed: true, progress: 100 });
    const course = (await ctx.call(sub, 'GET', `/content/progress/product/${ids.quizCourse}/lessons`)).body
      .data;
    expect(course.lessons).toEqual([
      expect.objectContaining({ lessonId: quizLesson.final, completed: true }),
    ]);
  });

  it('rounds a score down: two of three right is 66%, below a pass mark of 70', async () => {
    const answers = rightAnswers();
    answers[2] = { questionId: q(3), optionIds: [opt(3, 'b')] };
    const { body } = await submit(sub, answers);
    expect(body.data.attempt).toMatchObject({ score: 66, passed: false });
  });

  it('never sends the answers before an attempt: the attempts list has scores only', async () => {
    await submit(sub, rightAnswers());
    const { status, body } = await ctx.call(sub, 'GET', attemptsPath());
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      lessonId: quizLesson.final,
      passPercent: 70,
      bestScore: 100,
      passed: true,
    });
    expect(body.data.attempts).toEqual([
      {
        id: expect.stringMatching(/^[0-9a-f]{24}$/),
        score: 100,
        passed: true,
        submittedAt: expect.any(String),
      },
    ]);
    const text = JSON.stringify(body);
    expect(text).not.toContain('correct');
    expect(text).not.toContain('explanation');
    expect(text).not.toContain(opt(1, 'a'));
  });

  it('answers an untried quiz with no attempts and no best score', async () => {
    const { body } = await ctx.call(sub, 'GET', attemptsPath());
    expect(body.data).toEqual({
      lessonId: quizLesson.final,
      passPercent: 70,
      bestScore: null,
      passed: false,
      attempts: [],
    });
  });
});

describe('bad attempts', () => {
  const refused = async (answers: unknown, message: string) => {
    const { status, body } = await submit(sub, answers);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, message });
    expect(await ctx.db.selectFrom('quiz_attempts').selectAll().execute()).toEqual([]);
    return body;
  };

  it('refuses a question the quiz does not have, naming the answer', async () => {
    const stranger = '66666666666666666666ff99';
    const body = await refused(
      [{ questionId: stranger, optionIds: [] }],
      QUIZ_MESSAGES.unknownQuestion(stranger),
    );
    expect(body.errors).toEqual([
      { field: 'answers.0.questionId', message: QUIZ_MESSAGES.unknownQuestion(stranger) },
    ]);
  });

  it('refuses an option of another question (or of none)', async () => {
    await refused([{ questionId: q(1), optionIds: [opt(2, 'a')] }], QUIZ_MESSAGES.unknownOption(opt(2, 'a')));
  });

  it('refuses two options for a single-choice or a true/false question', async () => {
    await refused([{ questionId: q(1), optionIds: [opt(1, 'a'), opt(1, 'b')] }], QUIZ_MESSAGES.oneAnswer);
    await refused([{ questionId: q(3), optionIds: [opt(3, 'a'), opt(3, 'b')] }], QUIZ_MESSAGES.oneAnswer);
  });

  it('refuses a question answered twice', async () => {
    await refused(
      [
        { questionId: q(1), optionIds: [opt(1, 'a')] },
        { questionId: q(1), optionIds: [opt(1, 'b')] },
      ],
      QUIZ_MESSAGES.answeredTwice(q(1)),
    );
  });

  it('refuses answers of the wrong shape with the field that is wrong', async () => {
    for (const answers of [
      [{ questionId: 'not-an-id', optionIds: [] }],
      [{ questionId: q(1), optionIds: 'a' }],
      'all of them',
      undefined,
    ]) {
      const { status, body } = await submit(sub, answers);
      expect(status, JSON.stringify(answers)).toBe(400);
      expect(body.success).toBe(false);
      expect(body.errors?.length).toBeGreaterThan(0);
    }
  });

  it('refuses an attempt at a lesson that is not a quiz (409) and at a lesson the course does not have (404)', async () => {
    const video = await submit(sub, [], quizLesson.video);
    expect(video.status).toBe(409);
    expect(video.body.message).toBe(QUIZ_MESSAGES.notAQuiz);
    const unknown = await ctx.call(sub, 'POST', lessonPath(lesson.unknown, '/quiz-attempts'), {
      answers: [],
    });
    expect(unknown.status).toBe(404);
  });
});

describe('who may attempt', () => {
  it('refuses a locked quiz to a learner without the plan (the premium 403), and visitors (401)', async () => {
    const locked = await submit(learner, rightAnswers());
    expect(locked).toMatchObject({
      status: 403,
      body: { success: false, message: PREMIUM_REQUIRED_MESSAGE },
    });
    expect((await ctx.call(learner, 'GET', attemptsPath())).status).toBe(403);
    expect((await ctx.call(null, 'POST', attemptsPath(), { answers: [] })).status).toBe(401);
    expect(await ctx.db.selectFrom('quiz_attempts').selectAll().execute()).toEqual([]);
  });

  it('opens a free-preview quiz to every signed-in learner', async () => {
    const { status, body } = await submit(
      learner,
      [{ questionId: q(4), optionIds: [opt(4, 'b')] }],
      quizLesson.preview,
    );
    expect(status).toBe(201);
    expect(body.data.attempt).toMatchObject({ score: 100, passed: true });
  });

  it("keeps each learner's attempts to themselves", async () => {
    await submit(sub, rightAnswers());
    const { body } = await ctx.call(testUsers.admin, 'GET', attemptsPath());
    expect(body.data.attempts).toEqual([]);
  });
});

/** Moves a learner's attempts back by `seconds`, as if they had been taken that much earlier. */
const earlier = (seconds: number) =>
  ctx.db
    .updateTable('quiz_attempts')
    .set({ submitted_at: sql`submitted_at - make_interval(secs => ${seconds})` })
    .execute();

describe('retakes', () => {
  it('refuses a retake before the gap with a 429 and Retry-After, in the one error shape', async () => {
    await submit(sub, []);
    const res = await ctx.app.request(attemptsPath(), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...identityHeaders(sub) },
      body: JSON.stringify({ answers: rightAnswers() }),
    });
    expect(res.status).toBe(429);
    const wait = Number(res.headers.get('retry-after'));
    // the first failure: 10 s
    expect(wait).toBeGreaterThanOrEqual(9);
    expect(wait).toBeLessThanOrEqual(10);
    expect(await res.json()).toEqual({ success: false, message: QUIZ_MESSAGES.tooFast(wait) });
    expect(QUIZ_MESSAGES.tooFast(wait)).toMatch(/try again in (9|10) seconds$/);
    expect(await ctx.db.selectFrom('quiz_attempts').selectAll().execute()).toHaveLength(1);
  });

  it('grows the gap with each failed attempt: 10 s, 1 min, 5 min, then 1 h', async () => {
    const waits: number[] = [];
    for (const [i, gap] of [10, 60, 300, 3_600, 3_600].entries()) {
      if (i > 0) await earlier(waits[i - 1]! + 1);
      const failed = await submit(sub, []);
      expect(failed.status).toBe(201);
      const refused = await ctx.app.request(attemptsPath(), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...identityHeaders(sub) },
        body: JSON.stringify({ answers: rightAnswers() }),
      });
      expect(refused.status).toBe(429);
      const wait = Number(refused.headers.get('retry-after'));
      expect(wait).toBeGreaterThan(gap - 3);
      expect(wait).toBeLessThanOrEqual(gap);
      waits.push(wait);
    }
    expect(QUIZ_MESSAGES.tooFast(3_600)).toBe('Take a moment with what you got wrong: try again in 1 hour');
    expect(QUIZ_MESSAGES.tooFast(299)).toBe(
      'Take a moment with what you got wrong: try again in 4 minutes 59 seconds',
    );
  });

  it('refuses all but one of simultaneous attempts', async () => {
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(sub, rightAnswers())));
    expect(results.map((r) => r.status).sort()).toEqual([201, 429, 429, 429, 429]);
  });

  it('keeps every attempt, newest first, and the best score counts: a failed retake never un-completes the quiz', async () => {
    await submit(sub, rightAnswers());
    await aMinuteLater();
    const worse = await submit(sub, [{ questionId: q(1), optionIds: [opt(1, 'a')] }]);
    expect(worse.status).toBe(201);
    expect(worse.body.data.attempt).toMatchObject({ score: 33, passed: false });
    expect(worse.body.data.bestScore).toBe(100);
    expect(worse.body.data.lesson).toMatchObject({ completed: true, progress: 100 });
    const { body } = await ctx.call(sub, 'GET', attemptsPath());
    expect(body.data).toMatchObject({ bestScore: 100, passed: true });
    expect(body.data.attempts.map((a: { score: number }) => a.score)).toEqual([33, 100]);
  });
});

describe('a quiz lesson is completed by passing it', () => {
  it('refuses Mark Complete on a quiz lesson (409) and changes nothing', async () => {
    const { status, body } = await ctx.call(sub, 'PATCH', lessonPath(quizLesson.final, '/complete'), {});
    expect(status).toBe(409);
    expect(body.message).toBe(QUIZ_MESSAGES.passToComplete);
    expect(await ctx.db.selectFrom('lesson_progress').selectAll().execute()).toEqual([]);
  });

  it('never completes a quiz lesson by a position save, even one saying completed', async () => {
    const { status, body } = await ctx.call(sub, 'PATCH', lessonPath(quizLesson.final), {
      progress: 100,
      lastPosition: 30,
      completed: true,
      clientTime: 1,
    });
    expect(status).toBe(200);
    expect(body.data.lesson).toMatchObject({ completed: false, progress: 0 });
    expect(body.data.course.completed).toBe(false);
  });

  it('refuses Mark course complete on a course (409): it is finished lesson by lesson, and nothing changes', async () => {
    const marked = await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.quizCourse}/complete`, {});
    expect(marked.status).toBe(409);
    expect(marked.body).toEqual({ success: false, message: COURSE_MESSAGES.completeByLessons });
    expect(await ctx.db.selectFrom('lesson_progress').selectAll().execute()).toEqual([]);
    const passed = await submit(sub, rightAnswers());
    expect(passed.body.data.course).toMatchObject({ completed: false });
    expect(await ctx.db.selectFrom('certificates').selectAll().execute()).toEqual([]);
  });

  it('completes the course when the last lesson left is the quiz, passed', async () => {
    await ctx.call(sub, 'PATCH', lessonPath(quizLesson.video, '/complete'), {});
    await submit(sub, [{ questionId: q(4), optionIds: [opt(4, 'b')] }], quizLesson.preview);
    const failed = await submit(sub, []);
    expect(failed.body.data.course.completed).toBe(false);
    await aMinuteLater();
    const passed = await submit(sub, rightAnswers());
    expect(passed.body.data.course).toMatchObject({
      productId: ids.quizCourse,
      completed: true,
      progress: 100,
      lessonId: quizLesson.final,
    });
    const row = await ctx.call(sub, 'GET', `/content/progress/product/${ids.quizCourse}`);
    expect(row.body.data.completed).toBe(true);
  });
});

describe('papers: each attempt served in its own order', () => {
  const paperPath = (lessonId = quizLesson.final) => lessonPath(lessonId, '/quiz-paper');
  const servePaper = async (as: Identity = sub) => {
    const res = await ctx.call(as, 'POST', paperPath());
    expect(res.status).toBe(200);
    return res.body.data as QuizPaper;
  };
  const orderOf = (paper: QuizPaper) => JSON.stringify(paper.questions);

  it('serves every question and option of the quiz, the same paper until it is submitted', async () => {
    const paper = await servePaper();
    expect(paper.retryAt).toBeNull();
    expect(paper.questions.map((p) => p.questionId).sort()).toEqual([q(1), q(2), q(3)].sort());
    expect([...paper.questions.find((p) => p.questionId === q(1))!.optionIds].sort()).toEqual(
      [opt(1, 'a'), opt(1, 'b'), opt(1, 'c')].sort(),
    );
    expect(JSON.stringify(paper)).not.toMatch(/correct|explanation/);
    const again = await servePaper();
    expect(again).toEqual(paper);
    expect(await ctx.db.selectFrom('quiz_papers').selectAll().execute()).toHaveLength(1);
  });

  it('ties the submitted paper to its attempt, refuses it a second time (409), and serves the next attempt another order, with the wait', async () => {
    const first = await servePaper();
    const body = { paperId: first.paperId, answers: [] };
    const failed = await ctx.call(sub, 'POST', attemptsPath(), body);
    expect(failed.status).toBe(201);
    const kept = await ctx.db.selectFrom('quiz_papers').selectAll().executeTakeFirstOrThrow();
    expect(kept.attempt_id).toBe(failed.body.data.attempt.id);

    const next = await servePaper();
    expect(next.paperId).not.toBe(first.paperId);
    expect(orderOf(next)).not.toBe(orderOf(first));
    // the next answer is taken 10 s after the failure
    const waitMs = Date.parse(next.retryAt!) - Date.now();
    expect(waitMs).toBeGreaterThan(7_000);
    expect(waitMs).toBeLessThanOrEqual(10_500);

    await earlier(60);
    const reused = await ctx.call(sub, 'POST', attemptsPath(), body);
    expect(reused.status).toBe(409);
    expect(reused.body).toEqual({ success: false, message: QUIZ_MESSAGES.paperSubmitted });
    const graded = await ctx.call(sub, 'POST', attemptsPath(), { paperId: next.paperId, answers: [] });
    expect(graded.status).toBe(201);
  });

  it("refuses another learner's paper (409) and records nothing", async () => {
    const theirs = await servePaper(testUsers.admin);
    const res = await ctx.call(sub, 'POST', attemptsPath(), { paperId: theirs.paperId, answers: [] });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ success: false, message: QUIZ_MESSAGES.paperNotYours });
    expect(await ctx.db.selectFrom('quiz_attempts').selectAll().execute()).toEqual([]);
  });

  it('refuses a paper for a lesson that is not a quiz (409) and for a learner without the plan (403)', async () => {
    const video = await ctx.call(sub, 'POST', paperPath(quizLesson.video));
    expect(video.status).toBe(409);
    expect(video.body.message).toBe(QUIZ_MESSAGES.notAQuiz);
    const locked = await ctx.call(learner, 'POST', paperPath());
    expect(locked.status).toBe(403);
    expect(locked.body.message).toBe(PREMIUM_REQUIRED_MESSAGE);
  });
});
