/**
 * Quizzes and certificates (issue 19): quiz answers never reach a browser before an attempt (lesson answer,
 * attempts list, outline, learning record), attempts refused on a locked quiz, bad answers a 4xx in the one
 * shape, a rapid retake a 429, grading that cannot be gamed by choosing every option; certificates that are
 * only the caller's in lists and reveal no user id or e-mail by code, codes that are unknown, malformed or
 * guessed answering 400/404 and never a 500, revocation by an admin only, the signed credential checked with
 * `jose` against the published keys (tampered, re-signed and unsigned tokens refused), and a learner name with
 * markup rendered as text on the public verification page.
 *
 * The certificate this area issues and revokes is the admin's (admins are always entitled): the admin completes
 * a demo course through the API, passing its quiz with DEMO_COURSES' right answers. The demo member's
 * certificate (issued on their first read of their certificates) serves the read-only cases.
 */
import { randomInt } from 'node:crypto';
import {
  generateKeyPair,
  SignJWT,
  createLocalJWKSet,
  decodeProtectedHeader,
  jwtVerify,
  type JSONWebKeySet,
  type JWTPayload,
} from 'jose';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_MESSAGES,
  COURSE_MESSAGES,
  PREMIUM_REQUIRED_MESSAGE,
  QUIZ_MESSAGES,
  VC_JWT_CONTENT_TYPE,
  type Certificate,
  type Lesson,
  type QuizAttemptResult,
  type QuizAttempts,
} from '@catalyst/contracts';
import {
  DEMO_COURSES,
  DEMO_MEMBER_COMPLETED_COURSE,
  demoLessonId,
  demoOptionId,
  demoQuestionId,
  type DemoCourse,
} from '@catalyst/demo';
import { launchTestChromium } from '../../scripts/lib/chromium';
import {
  demoCourse,
  describe,
  expectNoScriptRuns,
  isErrorShape,
  sleep,
  xssMark as mark,
  type Res,
  type Suite,
} from './harness';

/** Anything that would give a quiz's answers away before an attempt. */
const ANSWER_KEYS = ['isCorrect', 'correct', 'correctOptionIds', 'explanation', 'answer', 'answers'];
/** The keys a learner's quiz may carry: what is asked and what can be chosen. */
const QUIZ_KEYS = new Set(['passPercent', 'questions', 'id', 'kind', 'prompt', 'options', 'text']);
/** The keys a public certificate carries (certificateSchema), and nothing that names an account. */
const CERTIFICATE_KEYS = [
  'code',
  // A course's certificate or a learning path's (issue 57): what the certificate is for, nothing of the learner.
  'kind',
  'learnerName',
  'productId',
  'productSlug',
  'courseTitle',
  'creatorName',
  'hours',
  'completedAt',
  'issuedAt',
  'status',
  'revokedAt',
  'revokedReason',
  'verifyUrl',
  'pdfUrl',
  'credentialUrl',
];
/** The claims of a certificate's verifiable credential that these checks read (the issuer writes more). */
type CredentialClaims = JWTPayload & { id?: string; credentialSubject?: { name?: string } };

/** Members of a JWK that only a private key has. */
const PRIVATE_JWK_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k'];

const XSS_NAME = '<img src=x onerror=alert(1)>';
const XSS_REASON = `Cheating <script>${mark('reason')}</script><img src=x onerror="${mark('reason-img')}">`;

function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object') {
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  }
  return into;
}

const quizOf = (course: DemoCourse) =>
  course.sections.flatMap((s) => s.lessons).find((l) => l.kind === 'quiz')!;
/** The demo courses that end with a quiz (the others end with an exercise). */
const QUIZ_COURSES = DEMO_COURSES.filter((course) =>
  course.sections.some((s) => s.lessons.some((l) => l.kind === 'quiz')),
);
const lessonsOf = (course: DemoCourse) => course.sections.flatMap((s) => s.lessons);
/** Every explanation of a demo quiz: none may appear in anything a learner reads before answering. */
const explanationsOf = (course: DemoCourse) =>
  (quizOf(course).quiz?.questions ?? []).map((q) => q.explanation).filter((e): e is string => Boolean(e));

/** The answers of a demo quiz: `pick` chooses each question's options (the right ones by default). */
function answersOf(
  course: DemoCourse,
  pick: (q: NonNullable<ReturnType<typeof quizOf>['quiz']>['questions'][number]) => string[] = (q) =>
    q.options.filter((o) => o.correct).map((o) => o.key),
) {
  const lesson = quizOf(course);
  return lesson.quiz!.questions.map((q) => ({
    questionId: demoQuestionId(course.slug, lesson.key, q.key),
    optionIds: pick(q).map((key) => demoOptionId(course.slug, lesson.key, q.key, key)),
  }));
}

const randomCode = () =>
  Array.from(
    { length: 10 },
    () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)],
  ).join('');
const b64 = (s: string) => Buffer.from(s).toString('base64url');
const unb64 = (s: string) => Buffer.from(s, 'base64url').toString('utf8');

export async function certificateAttacks(suite: Suite) {
  const f = suite.fixtures;
  const attemptsPath = (productId: string, lessonId: string) =>
    `/content/progress/product/${productId}/lessons/${lessonId}/quiz-attempts`;
  const attemptCount = async (userId: string) =>
    Number(
      (
        await suite.db.query<{ n: string }>(
          'select count(*)::text as n from progress.quiz_attempts where user_id = $1',
          [userId],
        )
      ).rows[0]!.n,
    );
  const courses = new Map<string, { _id: string; slug: string }>();
  for (const { slug } of QUIZ_COURSES) courses.set(slug, await demoCourse(suite, slug));

  // ---------- quiz answers never leak before an attempt ----------
  for (const course of QUIZ_COURSES) {
    const quiz = quizOf(course);
    const quizId = demoLessonId(course.slug, quiz.key);
    const explanations = explanationsOf(course);
    const leaksAnswers = (res: Res) => {
      const keys = keysOf(res.body?.data);
      return ANSWER_KEYS.some((k) => keys.has(k)) || explanations.some((e) => res.text.includes(e));
    };
    const lessonPath = `/content/products/${course.slug}/lessons/${quizId}`;
    for (const role of ['anonymous', 'learner', 'member', 'admin'] as const) {
      const res = await suite.request<Lesson>('GET', lessonPath, {
        token: role === 'anonymous' ? undefined : f.tokens[role],
      });
      const opens = quiz.isFreePreview || role === 'member' || role === 'admin';
      if (opens) {
        const questions = res.body?.data?.quiz?.questions;
        const extra = [...keysOf(res.body?.data?.quiz)].filter((k) => !QUIZ_KEYS.has(k));
        suite.check(
          `${course.slug}: the quiz lesson as ${role} asks its questions and gives no answer away`,
          res.status === 200 &&
            questions?.length === quiz.quiz!.questions.length &&
            questions.every((q) => q.options.length > 0) &&
            extra.length === 0 &&
            !leaksAnswers(res),
          `200 with ${quiz.quiz!.questions.length} questions, their options, no isCorrect, explanation nor correct ids`,
          () => `${res.status} extra keys [${extra.join(',')}] ${res.text.slice(0, 200)}`,
        );
      } else {
        const [status, message] =
          role === 'anonymous' ? [401, COURSE_MESSAGES.signInForLesson] : [403, PREMIUM_REQUIRED_MESSAGE];
        suite.check(
          `${course.slug}: the locked quiz lesson as ${role} is refused with nothing of the quiz`,
          res.status === status &&
            isErrorShape(res.body) &&
            res.body.message === message &&
            !/"quiz"|"questions"|"options"/.test(res.text) &&
            !leaksAnswers(res),
          `${status} '${message}'`,
          describe(res),
        );
      }
    }
    const outline = await suite.request('GET', `/content/products/${course.slug}/curriculum`);
    const prompts = quiz.quiz!.questions.map((q) => q.prompt);
    suite.check(
      `${course.slug}: the public outline carries no question, option or answer of its quiz`,
      outline.status === 200 &&
        !prompts.some((p) => outline.text.includes(p)) &&
        !leaksAnswers(outline) &&
        !keysOf(outline.body?.data).has('questions'),
      'titles and kinds only',
      describe(outline),
    );
    const memberAttempts = await suite.request('GET', attemptsPath(courses.get(course.slug)!._id, quizId), {
      token: f.tokens.member,
    });
    const attemptKeys = [...keysOf(memberAttempts.body?.data)].filter(
      (k) =>
        ![
          'lessonId',
          'passPercent',
          'bestScore',
          'passed',
          'attempts',
          'id',
          'score',
          'submittedAt',
        ].includes(k),
    );
    suite.check(
      `${course.slug}: the member's attempts list carries scores only (no answers, no grading, no explanations)`,
      memberAttempts.status === 200 && attemptKeys.length === 0 && !leaksAnswers(memberAttempts),
      '200 with lessonId, passPercent, bestScore, passed and each attempt id, score, passed, submittedAt',
      () =>
        `${memberAttempts.status} extra keys [${attemptKeys.join(',')}] ${memberAttempts.text.slice(0, 200)}`,
    );
    const learnerAttempts = await suite.request('GET', attemptsPath(courses.get(course.slug)!._id, quizId), {
      token: f.tokens.learner,
    });
    suite.check(
      `${course.slug}: a learner without the plan cannot list attempts at the quiz`,
      learnerAttempts.status === 403 && learnerAttempts.body?.message === PREMIUM_REQUIRED_MESSAGE,
      `403 '${PREMIUM_REQUIRED_MESSAGE}'`,
      describe(learnerAttempts),
    );
  }
  const completed = DEMO_COURSES.find((c) => c.slug === DEMO_MEMBER_COMPLETED_COURSE.slug)!;
  const record = await suite.request('GET', '/content/progress/learning-record', { token: f.tokens.member });
  const recordKeys = keysOf(record.body?.data);
  suite.check(
    "the member's learning record gives no quiz answer or explanation away",
    record.status === 200 &&
      !ANSWER_KEYS.some((k) => recordKeys.has(k)) &&
      !explanationsOf(completed).some((e) => record.text.includes(e)),
    'scores and passes only',
    describe(record),
  );

  // ---------- attempts on a locked quiz ----------
  const grid = courses.get(completed.slug)!;
  const gridQuiz = demoLessonId(completed.slug, quizOf(completed).key);
  const learnerBefore = await attemptCount(f.users.learner.id);
  const locked = await suite.request('POST', attemptsPath(grid._id, gridQuiz), {
    token: f.tokens.learner,
    body: { answers: answersOf(completed) },
  });
  suite.check(
    'a learner without the plan cannot attempt a locked quiz',
    locked.status === 403 &&
      isErrorShape(locked.body) &&
      locked.body.message === PREMIUM_REQUIRED_MESSAGE &&
      !/correct|explanation/i.test(locked.text),
    `403 '${PREMIUM_REQUIRED_MESSAGE}' with nothing of the grading`,
    describe(locked),
  );
  suite.check(
    '…and nothing was recorded for the learner',
    (await attemptCount(f.users.learner.id)) === learnerBefore,
    `${learnerBefore} attempts`,
    String(await attemptCount(f.users.learner.id)),
  );
  const anonymous = await suite.request('POST', attemptsPath(grid._id, gridQuiz), {
    body: { answers: answersOf(completed) },
  });
  suite.expectClientError('a visitor cannot attempt a quiz (401)', anonymous, [401]);

  // ---------- bad answers: a 4xx in the one shape, nothing recorded ----------
  const ml =
    QUIZ_COURSES.find((c) => c.slug !== completed.slug && c.slug === 'machine-learning-foundations') ??
    QUIZ_COURSES.find((c) => c.slug !== completed.slug)!;
  const right = answersOf(completed);
  const [q1, q2] = right;
  const json = { 'content-type': 'application/json' };
  const memberBefore = await attemptCount(f.users.member.id);
  const badAttempts: Array<[string, { body?: unknown; raw?: string }, number[]]> = [
    [
      'an unknown question id',
      { body: { answers: [{ questionId: 'abcdefabcdefabcdefabcdef', optionIds: q1!.optionIds }] } },
      [400],
    ],
    ["another quiz's question", { body: { answers: answersOf(ml).slice(0, 1) } }, [400]],
    [
      'an unknown option id',
      { body: { answers: [{ questionId: q1!.questionId, optionIds: ['abcdefabcdefabcdefabcdef'] }] } },
      [400],
    ],
    [
      "another question's option",
      { body: { answers: [{ questionId: q1!.questionId, optionIds: q2!.optionIds.slice(0, 1) }] } },
      [400],
    ],
    ['a question answered twice', { body: { answers: [q1, q1] } }, [400]],
    [
      'a malformed question id',
      { body: { answers: [{ questionId: "1' OR '1'='1", optionIds: [] }] } },
      [400],
    ],
    ['answers as a string', { body: { answers: 'all of them' } }, [400]],
    ['answers as an object', { body: { answers: { 0: q1 } } }, [400]],
    [
      'option ids as a string',
      { body: { answers: [{ questionId: q1!.questionId, optionIds: q1!.optionIds[0] }] } },
      [400],
    ],
    [
      'option ids as numbers',
      { body: { answers: [{ questionId: q1!.questionId, optionIds: [1, 2, 3] }] } },
      [400],
    ],
    [
      'option ids nested in lists',
      { body: { answers: [{ questionId: q1!.questionId, optionIds: [q1!.optionIds] }] } },
      [400],
    ],
    [
      'a question id as an object',
      { body: { answers: [{ questionId: { $ne: null }, optionIds: q1!.optionIds }] } },
      [400],
    ],
    ['no answers at all', { body: {} }, [400]],
    ['a null body', { raw: 'null' }, [400]],
    ['a body that is not JSON', { raw: '{"answers": [' }, [400]],
    ['5,000 answers', { body: { answers: Array.from({ length: 5_000 }, () => q1) } }, [400, 413]],
    [
      'eleven options for one answer',
      {
        body: {
          answers: [
            { questionId: q1!.questionId, optionIds: Array.from({ length: 11 }, () => q1!.optionIds[0]) },
          ],
        },
      },
      [400],
    ],
    ['answers nested 5,000 deep', { raw: `{"answers":${'['.repeat(5_000)}${']'.repeat(5_000)}}` }, [400]],
    ['a body of 1.5 MB', { raw: JSON.stringify({ answers: right, pad: 'x'.repeat(1_500_000) }) }, [413]],
  ];
  for (const [name, input, statuses] of badAttempts) {
    const res = await suite.request('POST', attemptsPath(grid._id, gridQuiz), {
      token: f.tokens.member,
      ...input,
      ...(input.raw !== undefined ? { headers: json } : {}),
    });
    suite.expectClientError(`an attempt with ${name} is refused`, res, statuses);
  }
  suite.check(
    '…and no refused attempt was recorded',
    (await attemptCount(f.users.member.id)) === memberBefore,
    `${memberBefore} attempts`,
    String(await attemptCount(f.users.member.id)),
  );
  const notQuiz = lessonsOf(completed).find((l) => l.kind === 'article')!;
  const onArticle = await suite.request(
    'POST',
    attemptsPath(grid._id, demoLessonId(completed.slug, notQuiz.key)),
    { token: f.tokens.member, body: { answers: [] } },
  );
  suite.check(
    'an attempt at a lesson that is not a quiz is a 409',
    onArticle.status === 409 && onArticle.body?.message === QUIZ_MESSAGES.notAQuiz,
    `409 '${QUIZ_MESSAGES.notAQuiz}'`,
    describe(onArticle),
  );
  const mlQuizId = demoLessonId(ml.slug, quizOf(ml).key);
  const elsewhere = await suite.request('POST', attemptsPath(grid._id, mlQuizId), {
    token: f.tokens.member,
    body: { answers: answersOf(ml) },
  });
  suite.check(
    `${ml.slug}'s quiz cannot be attempted under ${completed.slug}`,
    elsewhere.status === 404 && elsewhere.body?.message === COURSE_MESSAGES.lessonNotFound,
    `404 '${COURSE_MESSAGES.lessonNotFound}'`,
    describe(elsewhere),
  );
  suite.check(
    '…and nothing was recorded for the member',
    (await attemptCount(f.users.member.id)) === memberBefore,
    `${memberBefore} attempts`,
    String(await attemptCount(f.users.member.id)),
  );

  // ---------- the admin completes a demo course: grading cannot be gamed, retakes are rate limited ----------
  const held = await suite.request('GET', '/certificates', { token: f.tokens.admin });
  const heldSlugs = new Set(
    ((held.body?.data ?? []) as Array<{ productSlug: string }>).map((c) => c.productSlug),
  );
  // The course the admin holds no certificate of yet (a run attached to a product already tested takes the next).
  const target = [ml, ...QUIZ_COURSES].find((c) => c.slug !== completed.slug && !heldSlugs.has(c.slug));
  if (!target)
    throw new Error(
      'the admin already holds a certificate of every demo course the area may use (a product tested before: start a fresh one)',
    );
  const course = courses.get(target.slug)!;
  const quiz = quizOf(target);
  const quizId = demoLessonId(target.slug, quiz.key);
  for (const lesson of lessonsOf(target).filter((l) => l.kind !== 'quiz')) {
    const res = await suite.request(
      'PATCH',
      `/content/progress/product/${course._id}/lessons/${demoLessonId(target.slug, lesson.key)}/complete`,
      { token: f.tokens.admin, body: {} },
    );
    if (res.status !== 200)
      throw new Error(`the admin could not complete ${target.slug}/${lesson.key}: ${describe(res)}`);
  }
  const markQuiz = await suite.request(
    'PATCH',
    `/content/progress/product/${course._id}/lessons/${quizId}/complete`,
    { token: f.tokens.admin, body: {} },
  );
  suite.check(
    'Mark Complete cannot complete a quiz',
    markQuiz.status === 409 && markQuiz.body?.message === QUIZ_MESSAGES.passToComplete,
    `409 '${QUIZ_MESSAGES.passToComplete}'`,
    describe(markQuiz),
  );

  const adminBefore = await attemptCount(f.users.admin.id);
  const everyOption = (kind: string) =>
    answersOf(target, (q) =>
      q.kind === kind ? q.options.map((o) => o.key) : q.options.filter((o) => o.correct).map((o) => o.key),
    );
  for (const kind of ['single', 'true-false'] as const) {
    if (!quiz.quiz!.questions.some((q) => q.kind === kind)) continue;
    const res = await suite.request('POST', attemptsPath(course._id, quizId), {
      token: f.tokens.admin,
      body: { answers: everyOption(kind) },
    });
    suite.check(
      `every option chosen for a ${kind} question is refused`,
      res.status === 400 && isErrorShape(res.body) && res.body.message === QUIZ_MESSAGES.oneAnswer,
      `400 '${QUIZ_MESSAGES.oneAnswer}'`,
      describe(res),
    );
  }
  suite.check(
    '…and those were not recorded',
    (await attemptCount(f.users.admin.id)) === adminBefore,
    `${adminBefore} attempts`,
    String(await attemptCount(f.users.admin.id)),
  );
  const multiple = quiz.quiz!.questions.find((q) => q.kind === 'multiple')!;
  const gamed = await suite.request<QuizAttemptResult>('POST', attemptsPath(course._id, quizId), {
    token: f.tokens.admin,
    body: { answers: everyOption('multiple') },
  });
  const gamedQuestion = gamed.body?.data?.attempt?.questions?.find(
    (q) => q.questionId === demoQuestionId(target.slug, quiz.key, multiple.key),
  );
  const otherRight = quiz.quiz!.questions.length - 1;
  const expectedScore = Math.floor((otherRight * 100) / quiz.quiz!.questions.length);
  suite.check(
    'every option chosen for a multiple-choice question scores it wrong, not right',
    gamed.status === 201 &&
      gamedQuestion?.correct === false &&
      gamed.body?.data?.attempt?.score === expectedScore &&
      gamed.body?.data?.attempt?.passed === expectedScore >= quiz.quiz!.passPercent,
    `201 with that question wrong and a score of ${expectedScore}`,
    describe(gamed),
  );
  const lessonAfterGamed = await suite.db.query(
    'select completed from progress.lesson_progress where user_id = $1 and lesson_id = $2',
    [f.users.admin.id, quizId],
  );
  suite.check(
    '…and the quiz is not completed by it',
    lessonAfterGamed.rows[0]?.completed !== true,
    'not completed',
    JSON.stringify(lessonAfterGamed.rows),
  );
  const afterGamed = await attemptCount(f.users.admin.id);
  const rapid = await suite.request('POST', attemptsPath(course._id, quizId), {
    token: f.tokens.admin,
    body: { answers: answersOf(target) },
  });
  const retryAfter = Number(rapid.headers.get('retry-after'));
  suite.check(
    'a second attempt straight after is a 429 with Retry-After',
    rapid.status === 429 &&
      isErrorShape(rapid.body) &&
      Number.isInteger(retryAfter) &&
      retryAfter > 0 &&
      retryAfter <= 60 &&
      rapid.body.message === QUIZ_MESSAGES.tooFast(retryAfter),
    `429 '${QUIZ_MESSAGES.tooFast(10)}' (its seconds) with a Retry-After in seconds`,
    () => `${describe(rapid)} retry-after=${rapid.headers.get('retry-after')}`,
  );
  suite.check(
    '…and it was not recorded',
    (await attemptCount(f.users.admin.id)) === afterGamed,
    `${afterGamed} attempts`,
    String(await attemptCount(f.users.admin.id)),
  );

  // The pass issues the certificate with the learner's name as it is then: a name with markup. The profile's
  // name rule refuses markup; a name from before that rule (or written by another way in) is what the page
  // must still render as text, so it is written to auth's row for the issuing and restored after.
  const refusedName = await suite.request('PUT', '/users/profile', {
    token: f.tokens.admin,
    body: { name: XSS_NAME, email: f.users.admin.email },
  });
  suite.check(
    'the profile refuses a name with markup',
    refusedName.status === 400 && isErrorShape(refusedName.body),
    '400',
    describe(refusedName),
  );
  const adminName: string = (
    await suite.db.query<{ name: string }>('select name from auth.users where id = $1', [f.users.admin.id])
  ).rows[0]!.name;
  let adminCode: string | undefined;
  await sleep((Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : 10) * 1_000 + 500);
  try {
    await suite.db.query('update auth.users set name = $2 where id = $1', [f.users.admin.id, XSS_NAME]);
    const pass = await suite.request<QuizAttemptResult>('POST', attemptsPath(course._id, quizId), {
      token: f.tokens.admin,
      body: { answers: answersOf(target) },
    });
    suite.check(
      "the right answers pass the quiz and complete the admin's course",
      pass.status === 201 &&
        pass.body?.data?.attempt?.score === 100 &&
        pass.body?.data?.attempt?.passed === true &&
        pass.body?.data?.course?.completed === true,
      '201, score 100, passed, course completed',
      describe(pass),
    );
    const mine = await suite.request('GET', '/certificates', { token: f.tokens.admin });
    const issued = (
      (mine.body?.data ?? []) as Array<{ code: string; productSlug: string; learnerName: string }>
    ).find((c) => c.productSlug === target.slug);
    adminCode = issued?.code;
    suite.check(
      'the admin now holds a certificate of the course, in the name as it was',
      mine.status === 200 && issued?.learnerName === XSS_NAME,
      `a certificate of ${target.slug} for "${XSS_NAME}"`,
      describe(mine),
    );
  } finally {
    await suite.db.query('update auth.users set name = $2 where id = $1', [f.users.admin.id, adminName]);
  }
  if (!adminCode)
    throw new Error('no certificate was issued to the admin: the remaining certificate cases need one');

  // ---------- certificates: only mine in lists, nothing of the account by code ----------
  const memberList = await suite.request('GET', '/certificates', { token: f.tokens.member });
  const memberCert = ((memberList.body?.data ?? []) as Array<Record<string, unknown>>).find(
    (c) => c.productSlug === completed.slug,
  );
  suite.check(
    `the demo member holds a certificate of ${completed.slug}`,
    memberList.status === 200 && typeof memberCert?.code === 'string',
    'one',
    describe(memberList),
  );
  const memberCode = String(memberCert?.code ?? '');
  const memberName = (
    await suite.db.query<{ name: string }>('select name from auth.users where id = $1', [f.users.member.id])
  ).rows[0]!.name;
  const owned = async (userId: string) =>
    new Set(
      (
        await suite.db.query<{ code: string }>('select code from progress.certificates where user_id = $1', [
          userId,
        ])
      ).rows.map((r) => r.code),
    );
  for (const role of ['learner', 'admin'] as const) {
    const res = await suite.request(
      'GET',
      `/certificates?userId=${f.users.member.id}&user_id=${f.users.member.id}`,
      { token: f.tokens[role] },
    );
    const codes = ((res.body?.data ?? []) as Array<{ code: string }>).map((c) => c.code);
    const mineOnly = await owned(f.users[role].id);
    suite.check(
      `${role}: GET /certificates naming the member lists only the caller's own`,
      res.status === 200 &&
        Array.isArray(res.body?.data) &&
        codes.every((c) => mineOnly.has(c)) &&
        codes.length === mineOnly.size &&
        !res.text.includes(memberCode),
      `the caller's ${mineOnly.size} certificate(s), none of the member's`,
      describe(res),
    );
    const rec = await suite.request('GET', `/content/progress/learning-record?userId=${f.users.member.id}`, {
      token: f.tokens[role],
    });
    suite.check(
      `${role}: the learning record naming the member is the caller's own`,
      rec.status === 200 && !rec.text.includes(memberCode),
      "no trace of the member's certificate",
      describe(rec),
    );
  }
  const adminReadsAttempts = await suite.request<QuizAttempts>(
    'GET',
    `${attemptsPath(grid._id, gridQuiz)}?userId=${f.users.member.id}`,
    { token: f.tokens.admin },
  );
  const attemptIdsAt = async (userId: string) =>
    (
      await suite.db.query<{ id: string }>(
        'select id::text as id from progress.quiz_attempts where user_id = $1 and lesson_id = $2 order by id',
        [userId, gridQuiz],
      )
    ).rows.map((r) => r.id);
  const memberAttemptIds = await attemptIdsAt(f.users.member.id);
  const adminAttemptIds = await attemptIdsAt(f.users.admin.id);
  const listed = (adminReadsAttempts.body?.data?.attempts ?? []).map((a) => a.id).sort();
  suite.check(
    "the admin's attempts list naming the member is the admin's own",
    adminReadsAttempts.status === 200 &&
      memberAttemptIds.length > 0 &&
      !memberAttemptIds.some((id) => adminReadsAttempts.text.includes(id)) &&
      JSON.stringify(listed) === JSON.stringify([...adminAttemptIds].sort()),
    `the admin's ${adminAttemptIds.length} attempt(s) at that quiz, none of the member's ${memberAttemptIds.length}`,
    describe(adminReadsAttempts),
  );
  suite.check(
    'the certificate lists answered with no 5xx (the account was not asked for)',
    memberList.status === 200,
    '200',
    describe(memberList),
  );
  const anonymousList = await suite.request('GET', '/certificates');
  suite.expectClientError('a visitor has no certificate list (401)', anonymousList, [401]);

  for (const [who, code, userId, email, name] of [
    ['member', memberCode, f.users.member.id, f.users.member.email, memberName],
    ['admin', adminCode, f.users.admin.id, f.users.admin.email, XSS_NAME],
  ] as const) {
    const res = await suite.request<Certificate>('GET', `/certificates/${code}`);
    const keys = Object.keys(res.body?.data ?? {}).sort();
    suite.check(
      `the public JSON of the ${who}'s certificate names the learner as issued and reveals no user id or e-mail`,
      res.status === 200 &&
        JSON.stringify(keys) === JSON.stringify([...CERTIFICATE_KEYS].sort()) &&
        res.body?.data?.learnerName === name &&
        res.body?.data?.status === 'valid' &&
        !res.text.includes(userId) &&
        !res.text.toLowerCase().includes(email.toLowerCase()) &&
        !/"(userId|user_id|email)"/.test(res.text),
      `200, the certificate's fields only, learnerName "${name}"`,
      () => `${describe(res)} keys=${keys.join(',')}`,
    );
    const credential = await suite.request('GET', `/certificates/${code}/credential`);
    suite.check(
      `the ${who}'s credential names no user id or e-mail`,
      credential.status === 200 &&
        !unb64(credential.text.split('.')[1] ?? '').includes(userId) &&
        !unb64(credential.text.split('.')[1] ?? '').includes(email),
      'the learner named only',
      describe(credential),
    );
  }
  const lower = await suite.request<Certificate>('GET', `/certificates/${memberCode.toLowerCase()}`);
  suite.check(
    'the lower-case form of a real code reads the same certificate',
    lower.status === 200 && lower.body?.data?.code === memberCode,
    `200 ${memberCode}`,
    describe(lower),
  );

  // ---------- codes: unknown, malformed, guessed ----------
  let unknown = randomCode();
  while (unknown === memberCode || unknown === adminCode) unknown = randomCode();
  for (const suffix of ['', '.pdf', '/pdf', '/credential']) {
    const res = await suite.request('GET', `/certificates/${unknown}${suffix}`);
    suite.check(
      `an unknown code${suffix ? ` (${suffix})` : ''} is a 404`,
      res.status === 404 && isErrorShape(res.body) && res.body.message === CERTIFICATE_MESSAGES.notFound,
      `404 '${CERTIFICATE_MESSAGES.notFound}'`,
      describe(res),
    );
  }
  const malformed = [
    '..%2F..%2Fadmin%2Fcertificates',
    '%2e%2e%2f%2e%2e%2fhealth',
    `${memberCode}%2F..%2F${unknown}`,
    encodeURIComponent("' OR '1'='1"),
    encodeURIComponent("0123456789'; DROP TABLE progress.certificates;--"),
    encodeURIComponent(`${memberCode}' OR 1=1--`),
    'A'.repeat(200),
    memberCode.slice(0, 9),
    `${memberCode}0`,
    'ILOU012345',
    '%00%00%00%00%00%00%00%00%00%00',
    encodeURIComponent('ÄÖÜ0123456'),
    `${memberCode}.exe`,
    encodeURIComponent('{"$ne":null}'),
  ];
  for (const code of malformed) {
    for (const suffix of ['', '.pdf', '/pdf', '/credential']) {
      const res = await suite.request('GET', `/certificates/${code}${suffix}`);
      suite.check(
        `the code ${decodeURIComponent(code).slice(0, 40)}${suffix} answers 400/404 in the one shape`,
        (res.status === 400 || res.status === 404) && isErrorShape(res.body),
        '400 or 404 in the error shape',
        describe(res),
      );
    }
  }
  const guessed = new Set<string>();
  while (guessed.size < 50) {
    const code = randomCode();
    if (code !== memberCode && code !== adminCode) guessed.add(code);
  }
  const guesses = await Promise.all(
    [...guessed].map((code) => suite.request('GET', `/certificates/${code}`)),
  );
  const bodies = new Set(guesses.map((r) => `${r.status} ${r.text}`));
  suite.check(
    '50 guessed codes are all 404 in one and the same answer',
    guesses.every(
      (r) => r.status === 404 && isErrorShape(r.body) && r.body.message === CERTIFICATE_MESSAGES.notFound,
    ) && bodies.size === 1,
    `50 × 404 '${CERTIFICATE_MESSAGES.notFound}'`,
    () => [...bodies].slice(0, 3).join(' | '),
  );

  // ---------- the credential: verified against the published keys, forgeries refused ----------
  const jwksRes = await fetch(`${suite.url}/.well-known/jwks.json`, {
    headers: { 'x-forwarded-for': '10.9.9.9' },
  });
  const jwks = (await jwksRes.json()) as JSONWebKeySet;
  const privateMembers = jwks.keys.flatMap((k) => PRIVATE_JWK_MEMBERS.filter((m) => m in k));
  suite.check(
    '/.well-known/jwks.json publishes Ed25519 public keys with kids and no private member',
    jwksRes.status === 200 &&
      jwks.keys.length > 0 &&
      jwks.keys.every(
        (k) => k.kty === 'OKP' && k.crv === 'Ed25519' && typeof k.kid === 'string' && typeof k.x === 'string',
      ) &&
      privateMembers.length === 0,
    'keys of kty OKP, crv Ed25519, each with kid and x, no d',
    () =>
      `${jwksRes.status} private members [${privateMembers.join(',')}] ${JSON.stringify(jwks).slice(0, 300)}`,
  );
  const keySet = createLocalJWKSet(jwks);
  const kids = new Set(jwks.keys.map((k) => k.kid));
  const verifies = async (jwt: string) =>
    jwtVerify<CredentialClaims>(jwt, keySet, { algorithms: ['EdDSA'] }).then(
      (r) => ({ ok: true as const, payload: r.payload, header: r.protectedHeader }),
      (error: unknown) => ({
        ok: false as const,
        error: String(error instanceof Error ? `${error.name}: ${error.message}` : error),
      }),
    );
  // Not restricted to EdDSA: what a careless verifier would accept.
  const verifiesAnyAlg = async (jwt: string) =>
    jwtVerify(jwt, keySet).then(
      () => 'accepted',
      (error: unknown) => `refused (${error instanceof Error ? error.name : String(error)})`,
    );
  const adminJwt = await suite.request('GET', `/certificates/${adminCode}/credential`);
  for (const [who, code, name] of [
    ['member', memberCode, memberName],
    ['admin', adminCode, XSS_NAME],
  ] as const) {
    const res = who === 'admin' ? adminJwt : await suite.request('GET', `/certificates/${code}/credential`);
    const jwt = res.text.trim();
    const header = (() => {
      try {
        return decodeProtectedHeader(jwt);
      } catch {
        return {};
      }
    })();
    suite.check(
      `the ${who}'s credential is a compact JWT served as ${VC_JWT_CONTENT_TYPE}, alg EdDSA with a published kid`,
      res.status === 200 &&
        res.headers.get('content-type')?.startsWith(VC_JWT_CONTENT_TYPE) === true &&
        res.headers.get('x-content-type-options') === 'nosniff' &&
        header.alg === 'EdDSA' &&
        kids.has(header.kid as string),
      `200 ${VC_JWT_CONTENT_TYPE}, nosniff, header alg EdDSA, kid in the key set`,
      () => `${res.status} ${res.headers.get('content-type')} header=${JSON.stringify(header)}`,
    );
    const good = await verifies(jwt);
    const subject = good.ok ? good.payload.credentialSubject : undefined;
    suite.check(
      `the ${who}'s credential verifies with jose against /.well-known/jwks.json and names the learner`,
      good.ok && subject?.name === name && good.payload.id?.endsWith(`/certificates/${code}`) === true,
      'a valid signature, credentialSubject.name as issued, id the verification page',
      () => (good.ok ? JSON.stringify(good.payload).slice(0, 300) : good.error),
    );
    if (who !== 'member') continue;
    const [h, p, s] = jwt.split('.') as [string, string, string];
    // One payload byte changed (a character in the middle of the encoded payload).
    const at = Math.floor(p.length / 2);
    const flipped = `${h}.${p.slice(0, at)}${p[at] === 'A' ? 'B' : 'A'}${p.slice(at + 1)}.${s}`;
    const claims = JSON.parse(unb64(p)) as CredentialClaims;
    const renamed = `${h}.${b64(JSON.stringify({ ...claims, credentialSubject: { ...claims.credentialSubject, name: `${name}x` } }))}.${s}`;
    const { privateKey } = await generateKeyPair('EdDSA', { crv: 'Ed25519', extractable: true });
    const resignedSameKid = await new SignJWT(claims)
      .setProtectedHeader({ ...header, alg: 'EdDSA' })
      .sign(privateKey);
    const resignedOwnKid = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'EdDSA', kid: 'attacker-key', typ: 'vc+jwt' })
      .sign(privateKey);
    const unsigned = `${b64(JSON.stringify({ alg: 'none', typ: 'vc+jwt' }))}.${p}.`;
    const unsignedWithKid = `${b64(JSON.stringify({ alg: 'none', kid: header.kid }))}.${p}.`;
    // Algorithm confusion: an HMAC over the token keyed with the published public key's bytes.
    const published = jwks.keys.find((k) => k.kid === header.kid);
    const hmac = published?.x
      ? await new SignJWT(claims)
          .setProtectedHeader({ alg: 'HS256', kid: header.kid as string })
          .sign(Buffer.from(published.x, 'base64url'))
      : 'x.y.z';
    for (const [label, forged] of [
      ['one payload character changed', flipped],
      ['the learner renamed in the payload', renamed],
      ['re-signed with a key not in the set (same kid)', resignedSameKid],
      ['re-signed with a key not in the set (its own kid)', resignedOwnKid],
      ['alg none, unsigned', unsigned],
      ['alg none with the real kid', unsignedWithKid],
      ['HS256 keyed with the public key', hmac],
      ['its signature cut off', `${h}.${p}.`],
    ] as const) {
      const strict = await verifies(forged);
      const loose = await verifiesAnyAlg(forged);
      suite.check(
        `a credential with ${label} fails verification`,
        !strict.ok && loose.startsWith('refused'),
        'refused by jwtVerify (EdDSA only, and with any algorithm)',
        strict.ok ? 'accepted' : loose,
      );
    }
  }

  // ---------- stored XSS: the name with markup on the public verification page; the PDF ----------
  const moved = await fetch(`${suite.api}/certificates/${adminCode}.pdf`, {
    headers: { 'x-forwarded-for': '10.9.9.8' },
    redirect: 'manual',
  });
  suite.check(
    "the PDF's first address (CODE.pdf, in mails already out) moves permanently to its own",
    moved.status === 301 && moved.headers.get('location') === `/api/v1/certificates/${adminCode}/pdf`,
    `301 to /api/v1/certificates/${adminCode}/pdf`,
    `${moved.status} ${moved.headers.get('location')}`,
  );
  const pdf = await fetch(`${suite.api}/certificates/${adminCode}/pdf`, {
    headers: { 'x-forwarded-for': '10.9.9.8' },
  });
  const pdfBytes = Buffer.from(await pdf.arrayBuffer());
  suite.check(
    'the PDF is served as application/pdf with nosniff',
    pdf.status === 200 &&
      pdf.headers.get('content-type') === 'application/pdf' &&
      pdf.headers.get('x-content-type-options') === 'nosniff' &&
      pdfBytes.subarray(0, 5).toString() === '%PDF-',
    '200 application/pdf, X-Content-Type-Options: nosniff, a PDF',
    `${pdf.status} ${pdf.headers.get('content-type')} nosniff=${pdf.headers.get('x-content-type-options')} ${pdfBytes.subarray(0, 8).toString()}`,
  );
  const openPage = async (code: string, label: string, expectText: string[]) => {
    const browser = await launchTestChromium();
    try {
      const shown = { learner: null as string | null, status: null as string | null };
      const state = await expectNoScriptRuns(suite, browser, {
        where: `the ${label} verification page of a name with markup`,
        path: `/certificates/${code}`,
        ready: (page) => page.getByTestId('certificate-learner').waitFor({ timeout: 30_000 }),
        act: async (page) => {
          shown.learner = await page.getByTestId('certificate-learner').textContent();
          shown.status = await page.getByTestId('certificate-status').textContent();
        },
      });
      return { ...state, ...shown, shows: expectText.every((t) => state.text.includes(t)) };
    } finally {
      await browser.close();
    }
  };
  const validPage = await openPage(adminCode, 'valid', [XSS_NAME]);
  suite.check(
    '…and shows the name as text, marked valid',
    validPage.learner === XSS_NAME && /Valid/.test(validPage.status ?? ''),
    `learner "${XSS_NAME}", Valid`,
    JSON.stringify({ learner: validPage.learner, status: validPage.status }),
  );

  // ---------- revocation: admins only, once; the credential is then refused ----------
  const revokePath = (code: string) => `/admin/certificates/${code}/revoke`;
  for (const role of ['anonymous', 'learner', 'member'] as const) {
    const res = await suite.request('POST', revokePath(role === 'member' ? memberCode : adminCode), {
      token: role === 'anonymous' ? undefined : f.tokens[role],
      body: { reason: 'I want it gone' },
    });
    suite.expectClientError(`${role} cannot revoke a certificate`, res, [role === 'anonymous' ? 401 : 403]);
  }
  for (const code of [memberCode, adminCode]) {
    const still = await suite.request<Certificate>('GET', `/certificates/${code}`);
    suite.check(
      `…and the certificate ${code === memberCode ? 'of the member' : 'of the admin'} is still valid`,
      still.body?.data?.status === 'valid' && still.body?.data?.revokedAt === null,
      'valid',
      describe(still),
    );
  }
  for (const role of ['anonymous', 'learner', 'member'] as const) {
    const res = await suite.request('GET', '/admin/certificates', {
      token: role === 'anonymous' ? undefined : f.tokens[role],
    });
    suite.expectClientError(`${role} cannot list every certificate`, res, [role === 'anonymous' ? 401 : 403]);
  }
  for (const [name, body, statuses] of [
    ['no reason', {}, [400]],
    ['a reason of two characters', { reason: 'no' }, [400]],
    ['a reason of 10,000 characters', { reason: 'x'.repeat(10_000) }, [400]],
    ['a reason that is an object', { reason: { $gt: '' } }, [400]],
  ] as const) {
    suite.expectClientError(
      `a revocation with ${name} is refused`,
      await suite.request('POST', revokePath(adminCode), { token: f.tokens.admin, body }),
      [...statuses],
    );
  }
  suite.expectClientError(
    'revoking an unknown code is a 404',
    await suite.request('POST', revokePath(unknown), {
      token: f.tokens.admin,
      body: { reason: 'Not a real one' },
    }),
    [404],
  );
  suite.expectClientError(
    'revoking a malformed code is a 400',
    await suite.request('POST', revokePath(encodeURIComponent("' OR 1=1--")), {
      token: f.tokens.admin,
      body: { reason: 'Not a real one' },
    }),
    [400],
  );
  const revoked = await suite.request<Certificate>('POST', revokePath(adminCode.toLowerCase()), {
    token: f.tokens.admin,
    body: { reason: XSS_REASON },
  });
  suite.check(
    'the admin revokes the certificate with a reason',
    revoked.status === 200 &&
      revoked.body?.data?.status === 'revoked' &&
      revoked.body?.data?.revokedReason === XSS_REASON,
    '200 revoked, with the reason',
    describe(revoked),
  );
  const revokedJson = await suite.request<Certificate>('GET', `/certificates/${adminCode}`);
  suite.check(
    "the revoked certificate's JSON says revoked, with its reason and date",
    revokedJson.status === 200 &&
      revokedJson.body?.data?.status === 'revoked' &&
      revokedJson.body?.data?.revokedReason === XSS_REASON &&
      typeof revokedJson.body?.data?.revokedAt === 'string',
    `status revoked, revokedReason "${XSS_REASON}", revokedAt`,
    describe(revokedJson),
  );
  const gone = await suite.request('GET', `/certificates/${adminCode}/credential`);
  suite.check(
    "the revoked certificate's credential route answers 410",
    gone.status === 410 &&
      isErrorShape(gone.body) &&
      gone.body.message === CERTIFICATE_MESSAGES.revoked &&
      !gone.text.includes(adminJwt.text.split('.')[2] ?? '—'),
    `410 '${CERTIFICATE_MESSAGES.revoked}' without the token`,
    describe(gone),
  );
  const twice = await suite.request('POST', revokePath(adminCode), {
    token: f.tokens.admin,
    body: { reason: 'Again, to be sure' },
  });
  suite.check(
    'revoking it twice is a 409',
    twice.status === 409 &&
      isErrorShape(twice.body) &&
      twice.body.message === CERTIFICATE_MESSAGES.alreadyRevoked,
    `409 '${CERTIFICATE_MESSAGES.alreadyRevoked}'`,
    describe(twice),
  );
  const reasonKept = await suite.request<Certificate>('GET', `/certificates/${adminCode}`);
  suite.check(
    '…and the first reason stands',
    reasonKept.body?.data?.revokedReason === XSS_REASON,
    XSS_REASON,
    describe(reasonKept),
  );
  const memberStill = await suite.request<Certificate>('GET', `/certificates/${memberCode}`);
  suite.check(
    "the member's certificate is untouched by the revocation",
    memberStill.body?.data?.status === 'valid',
    'valid',
    describe(memberStill),
  );
  const revokedPage = await openPage(adminCode, 'revoked', [XSS_NAME, XSS_REASON]);
  suite.check(
    '…and shows Revoked with the reason as text',
    /Revoked/.test(revokedPage.status ?? '') && revokedPage.shows,
    `Revoked, "${XSS_REASON}" as text`,
    JSON.stringify({ status: revokedPage.status, text: revokedPage.text.slice(0, 300) }),
  );
}
