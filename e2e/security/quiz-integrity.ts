/**
 * Quizzes that teach instead of telling and certificates that are earned (issue 53, items 2 and 12).
 *
 * Item 2 ("a certificate in 12 seconds"): a failed attempt names the wrong questions and never the right
 * options; the gap between attempts grows with each failure (10 s, 1 min, 5 min, then 1 h); each attempt is
 * served its own order of questions and options, kept by the server; the course-level Complete finishes no
 * course (a course ends in a certificate, so it is refused) and so issues no certificate. The admin (always
 * entitled) plays these on ui-design-fundamentals; the area puts the admin's rows of that course back after.
 *
 * Item 12: an issued credential carries a `credentialStatus` (a BitstringStatusListEntry) whose status list is
 * served at a public address, signed with the keys of /.well-known/jwks.json; revoking the certificate sets
 * its bit, and the verification page, given the credential kept from before, says it is revoked although its
 * signature is valid. The certificate is a throwaway account's, written straight to progress' table.
 */
import { randomInt } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import { createLocalJWKSet, decodeJwt, jwtVerify, type JSONWebKeySet, type JWTPayload } from 'jose';
import {
  CERTIFICATE_CODE_ALPHABET,
  COURSE_MESSAGES,
  type QuizAttemptResult,
  type QuizPaper,
} from '@catalyst/contracts';
import { DEMO_COURSES, demoLessonId, demoOptionId, demoQuestionId } from '@catalyst/demo';
import { launchTestChromium } from '../../scripts/lib/chromium';
import { demoCourse, describe, isErrorShape, type Suite } from './harness';

const SLUG = 'ui-design-fundamentals';

const randomCode = () =>
  Array.from(
    { length: 10 },
    () => CERTIFICATE_CODE_ALPHABET[randomInt(CERTIFICATE_CODE_ALPHABET.length)],
  ).join('');

/** Every key anywhere in a JSON value. */
function keysOf(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) value.forEach((item) => keysOf(item, into));
  else if (value && typeof value === 'object')
    for (const [key, inner] of Object.entries(value)) {
      into.add(key);
      keysOf(inner, into);
    }
  return into;
}

type StatusEntry = {
  id?: string;
  type?: string;
  statusPurpose?: string;
  statusListIndex?: string;
  statusListCredential?: string;
};

/** The bit at `index` of a Bitstring Status List's encodedList (multibase base64url, GZIP; bit 0 the leftmost). */
export function statusBit(encodedList: string, index: number): number | null {
  if (!encodedList.startsWith('u')) return null;
  const bytes = gunzipSync(Buffer.from(encodedList.slice(1), 'base64url'));
  if (index >= bytes.length * 8) return null;
  return (bytes[index >> 3]! >> (7 - (index & 7))) & 1;
}

export async function quizIntegrity(suite: Suite) {
  const f = suite.fixtures;
  const admin = f.tokens.admin;
  const adminId = f.users.admin.id;
  const demo = DEMO_COURSES.find((c) => c.slug === SLUG)!;
  const lessons = demo.sections.flatMap((s) => s.lessons);
  const quizLesson = lessons.find((l) => l.kind === 'quiz')!;
  const quiz = quizLesson.quiz!;
  const course = await demoCourse(suite, SLUG);
  const quizId = demoLessonId(SLUG, quizLesson.key);
  const base = `/content/progress/product/${course._id}/lessons/${quizId}`;
  const rightOptionIds = quiz.questions.flatMap((q) =>
    q.options.filter((o) => o.correct).map((o) => demoOptionId(SLUG, quizLesson.key, q.key, o.key)),
  );
  const rightAnswers = quiz.questions.map((q) => ({
    questionId: demoQuestionId(SLUG, quizLesson.key, q.key),
    optionIds: q.options
      .filter((o) => o.correct)
      .map((o) => demoOptionId(SLUG, quizLesson.key, q.key, o.key)),
  }));
  /** Moves the admin's attempts at the quiz back in time (as if taken `seconds` earlier). */
  const age = (seconds: number) =>
    suite.db.query(
      `update progress.quiz_attempts set submitted_at = submitted_at - make_interval(secs => $3)
       where user_id = $1 and lesson_id = $2`,
      [adminId, quizId, seconds],
    );
  const cleanUp = async () => {
    for (const table of ['quiz_attempts', 'lesson_progress', 'progress', 'certificates'])
      await suite.db.query(`delete from progress.${table} where user_id = $1 and product_id = $2`, [
        adminId,
        course._id,
      ]);
    await suite.db
      .query('delete from progress.quiz_papers where user_id = $1 and product_id = $2', [adminId, course._id])
      .catch(() => undefined);
  };
  await cleanUp();

  try {
    // ---------- a failed attempt names the wrong questions, never the right options ----------
    await suite.test(
      'a failed attempt says which questions were wrong and never the right options',
      async () => {
        const failed = await suite.request<QuizAttemptResult>('POST', `${base}/quiz-attempts`, {
          token: admin,
          body: { answers: [] },
        });
        const keys = keysOf(failed.body?.data);
        const questions = failed.body?.data?.attempt?.questions ?? [];
        suite.check(
          'a failed attempt says which questions were wrong and never the right options',
          failed.status === 201 &&
            failed.body?.data?.attempt?.passed === false &&
            questions.length === quiz.questions.length &&
            questions.every((q) => q.correct === false) &&
            !keys.has('correctOptionIds') &&
            !keys.has('explanation') &&
            !rightOptionIds.some((id) => failed.text.includes(id)),
          `201, ${quiz.questions.length} questions each marked wrong, no correctOptionIds, explanation or right option id`,
          () => describe(failed),
        );
      },
    );

    // ---------- the gap between attempts grows ----------
    await suite.test('an immediate second attempt is refused with 429', async () => {
      const rapid = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: [] },
      });
      const retryAfter = Number(rapid.headers.get('retry-after'));
      suite.check(
        'an immediate second attempt is refused with 429 and Retry-After, in the one shape',
        rapid.status === 429 && isErrorShape(rapid.body) && retryAfter > 0 && retryAfter <= 10,
        '429 in the one error shape, Retry-After 1–10 s',
        () => `${describe(rapid)} retry-after=${rapid.headers.get('retry-after')}`,
      );
    });
    await suite.test('the gap grows', async () => {
      await age(11);
      const second = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: [] },
      });
      if (second.status !== 201) throw new Error(`the second attempt 11 s later: ${describe(second)}`);
      await age(15);
      const third = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: [] },
      });
      const retryAfter = Number(third.headers.get('retry-after'));
      suite.check(
        'after a second failure, a retake 15 s later is refused: the gap has grown to a minute',
        third.status === 429 && isErrorShape(third.body) && retryAfter >= 40 && retryAfter <= 60,
        '429 with Retry-After of about 45 s',
        () => `${describe(third)} retry-after=${third.headers.get('retry-after')}`,
      );
      await age(75);
      const fourth = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: [] },
      });
      const afterThird = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: [] },
      });
      const wait = Number(afterThird.headers.get('retry-after'));
      suite.check(
        '…and after a third failure it is five minutes',
        fourth.status === 201 && afterThird.status === 429 && wait > 240 && wait <= 300,
        '201, then 429 with Retry-After of about 300 s',
        () => `${describe(fourth)} | ${describe(afterThird)} retry-after=${wait}`,
      );
    });

    // ---------- each attempt is served its own order, kept by the server ----------
    await suite.test('two attempts get different orders', async () => {
      await age(7_200);
      const first = await suite.request<QuizPaper>('POST', `${base}/quiz-paper`, { token: admin });
      const again = await suite.request<QuizPaper>('POST', `${base}/quiz-paper`, { token: admin });
      const order = (paper: QuizPaper | undefined) =>
        JSON.stringify(paper?.questions.map((q) => [q.questionId, q.optionIds]) ?? null);
      const complete = (paper: QuizPaper | undefined) =>
        paper?.questions.length === quiz.questions.length &&
        paper.questions.every(
          (q) =>
            q.optionIds.length ===
            quiz.questions.find((d) => demoQuestionId(SLUG, quizLesson.key, d.key) === q.questionId)?.options
              .length,
        );
      suite.check(
        'an attempt is served every question and option, and the same order until it is submitted',
        (first.status === 200 || first.status === 201) &&
          complete(first.body?.data) &&
          again.body?.data?.paperId === first.body?.data?.paperId &&
          order(again.body?.data) === order(first.body?.data),
        'the paper with every question and option; asked again, the same paper',
        () => `${describe(first)} | ${describe(again)}`,
      );
      const submitted = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { paperId: first.body?.data?.paperId, answers: [] },
      });
      await age(7_200);
      const reused = await suite.request('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { paperId: first.body?.data?.paperId, answers: [] },
      });
      suite.check(
        'a paper already submitted cannot be submitted again (409)',
        submitted.status === 201 && reused.status === 409 && isErrorShape(reused.body),
        '201, then 409 in the one error shape',
        () => `${describe(submitted)} | ${describe(reused)}`,
      );
      const second = await suite.request<QuizPaper>('POST', `${base}/quiz-paper`, { token: admin });
      const kept = await suite.db
        .query<{ id: string; questions: unknown }>(
          'select id, questions from progress.quiz_papers where user_id = $1 and lesson_id = $2',
          [adminId, quizId],
        )
        .then(
          (r) => r.rows,
          () => [],
        );
      suite.check(
        'two attempts get different orders, each kept by the server',
        complete(second.body?.data) &&
          second.body?.data?.paperId !== first.body?.data?.paperId &&
          order(second.body?.data) !== order(first.body?.data) &&
          kept.length === 2 &&
          kept.some(
            (row) =>
              row.id === second.body?.data?.paperId &&
              JSON.stringify(row.questions) === JSON.stringify(second.body.data.questions),
          ),
        'a new paper in another order, both papers in progress.quiz_papers',
        () => `${describe(second)} kept=${JSON.stringify(kept).slice(0, 200)}`,
      );
    });

    // ---------- the course-level Complete earns no certificate ----------
    await suite.test('complete on a course with a certificate', async () => {
      const complete = await suite.request('PATCH', `/content/progress/product/${course._id}/complete`, {
        token: admin,
        body: {},
      });
      const done = await suite.db.query<{ n: string }>(
        'select count(*)::text as n from progress.lesson_progress where user_id = $1 and product_id = $2 and completed',
        [adminId, course._id],
      );
      suite.check(
        'Mark course complete on a course with a certificate is refused and marks no lesson done',
        complete.status === 409 &&
          isErrorShape(complete.body) &&
          complete.body.message === COURSE_MESSAGES.completeByLessons &&
          done.rows[0]?.n === '0',
        `409 '${COURSE_MESSAGES.completeByLessons}', no lesson completed`,
        () => `${describe(complete)} completed lessons: ${done.rows[0]?.n}`,
      );
      await age(7_200);
      const pass = await suite.request<QuizAttemptResult>('POST', `${base}/quiz-attempts`, {
        token: admin,
        body: { answers: rightAnswers },
      });
      const graded = pass.body?.data?.attempt?.questions ?? [];
      suite.check(
        'a pass shows the right options of every question, and the explanations',
        pass.status === 201 &&
          pass.body?.data?.attempt?.passed === true &&
          graded.length === quiz.questions.length &&
          graded.every((q) => Array.isArray(q.correctOptionIds) && q.correctOptionIds.length > 0) &&
          graded.every((q) => 'explanation' in q),
        '201 passed, every question with its correctOptionIds and explanation',
        () => describe(pass),
      );
      const mine = await suite.request<Array<{ productSlug: string }>>('GET', '/certificates', {
        token: admin,
      });
      suite.check(
        'completing a course without watching it, then passing its quiz, issues no certificate',
        pass.body?.data?.course?.completed === false &&
          mine.status === 200 &&
          !(mine.body?.data ?? []).some((c) => c.productSlug === SLUG),
        'the course not completed, no certificate of it',
        () => `course ${JSON.stringify(pass.body?.data?.course)} certificates ${describe(mine)}`,
      );
    });
  } finally {
    await cleanUp();
  }

  // ---------- item 12: a revoked certificate's credential says so ----------
  await suite.test('credentialStatus for revoked certificates', async () => {
    const holder = await suite.registerAccount({ email: `status-${Date.now()}@example.com` });
    const code = randomCode();
    await suite.db.query(
      `insert into progress.certificates (code, user_id, product_id, learner_name, course_title, creator_name,
         product_slug, hours, completed_at)
       values ($1, $2, $3, $4, 'UI Design Fundamentals', 'A creator', $5, 1.5, now())`,
      [code, holder.id, course._id, holder.name, SLUG],
    );
    const jwksRes = await fetch(`${suite.url}/.well-known/jwks.json`);
    const keySet = createLocalJWKSet((await jwksRes.json()) as JSONWebKeySet);
    const credential = await suite.request('GET', `/certificates/${code}/credential`);
    const jwt = credential.text.trim();
    const claims = (() => {
      try {
        return decodeJwt(jwt) as JWTPayload & { credentialStatus?: StatusEntry };
      } catch {
        return {} as { credentialStatus?: StatusEntry };
      }
    })();
    const entry = claims.credentialStatus;
    const index = Number(entry?.statusListIndex);
    suite.check(
      'an issued credential carries a BitstringStatusListEntry for revocation',
      credential.status === 200 &&
        entry?.type === 'BitstringStatusListEntry' &&
        entry.statusPurpose === 'revocation' &&
        Number.isInteger(index) &&
        index >= 0 &&
        typeof entry.statusListCredential === 'string' &&
        entry.id === `${entry.statusListCredential}#${entry.statusListIndex}`,
      'credentialStatus { type BitstringStatusListEntry, statusPurpose revocation, statusListIndex, statusListCredential }',
      () => `${credential.status} ${JSON.stringify(entry)}`,
    );
    if (!entry?.statusListCredential) return;
    const listPath = new URL(entry.statusListCredential).pathname;
    /** The status list as anyone fetches it: verified against the published keys, and the credential's bit. */
    const readList = async () => {
      const res = await fetch(`${suite.url}${listPath}`);
      const text = (await res.text()).trim();
      const verified = await jwtVerify(text, keySet, { algorithms: ['EdDSA'] }).then(
        (r) => r.payload as JWTPayload & { type?: string[]; credentialSubject?: Record<string, string> },
        () => null,
      );
      const subject = verified?.credentialSubject;
      return {
        status: res.status,
        type: res.headers.get('content-type'),
        verified,
        bit:
          subject?.type === 'BitstringStatusList' && subject.statusPurpose === 'revocation'
            ? statusBit(subject.encodedList ?? '', index)
            : null,
      };
    };
    const before = await readList();
    suite.check(
      'the status list is served publicly, signed with the keys of /.well-known/jwks.json, the bit clear',
      before.status === 200 &&
        before.type?.startsWith('application/vc+jwt') === true &&
        before.verified?.type?.includes('BitstringStatusListCredential') === true &&
        before.bit === 0,
      '200 application/vc+jwt, a verified BitstringStatusListCredential, bit 0',
      () => JSON.stringify({ ...before, verified: JSON.stringify(before.verified).slice(0, 200) }),
    );
    const revoke = await suite.request('POST', `/admin/certificates/${code}/revoke`, {
      token: admin,
      body: { reason: 'Issued by mistake' },
    });
    if (revoke.status !== 200) throw new Error(`revoking ${code}: ${describe(revoke)}`);
    const after = await readList();
    suite.check(
      "revoking a certificate sets its credential's bit in the signed status list",
      after.status === 200 && after.verified !== null && after.bit === 1,
      'a verified list with the bit set',
      () => JSON.stringify({ status: after.status, bit: after.bit, verified: after.verified !== null }),
    );
    const check = await suite.request<{ signature: string; status: string; code: string }>(
      'POST',
      '/certificates/credentials/verify',
      { body: { credential: jwt } },
    );
    suite.check(
      'the verify endpoint says the kept credential is revoked, though its signature is valid',
      check.status === 200 &&
        check.body?.data?.signature === 'valid' &&
        check.body?.data?.status === 'revoked' &&
        check.body?.data?.code === code,
      '200 { signature: valid, status: revoked }',
      () => describe(check),
    );
    const browser = await launchTestChromium();
    try {
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${suite.url}/certificates/${code}`);
      await page.getByRole('textbox', { name: 'Credential' }).fill(jwt, { timeout: 30_000 });
      await page.getByRole('button', { name: 'Check credential' }).click();
      const result = page.getByTestId('credential-check');
      await result.getByText('Revoked').waitFor({ timeout: 15_000 });
      const text = (await result.textContent()) ?? '';
      suite.check(
        'the verification page says a kept credential is revoked, with a valid signature',
        /Signature valid/.test(text) && /Revoked/.test(text),
        '"Signature valid" and "Revoked"',
        text,
      );
      await context.close();
    } finally {
      await browser.close();
    }
  });
}
