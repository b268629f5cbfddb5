import { readFile } from 'node:fs/promises';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify, type JSONWebKeySet } from 'jose';
import {
  CERTIFICATE_MESSAGES,
  JWKS_PATH,
  VC_JWT_CONTENT_TYPE,
} from '../packages/contracts/src/certificate-terms';
import { readPdfText } from '@catalyst/service-kit/testing/pdf';
import { apiToken, demo, dismissCookieBanner, expect, loginAs, test } from './fixtures';
import {
  bearer,
  chooseAnswers,
  completeLesson,
  courseProgressOf,
  demoQuizOf,
  lessonHeading,
  lessonsOf,
  lessonTitled,
  mostlyWrongAnswers,
  outlineOf,
  restoreCourse,
  rightAnswers,
  scoreOf,
  waitOutRetakeGap,
} from './lib/course';

interface Certificate {
  code: string;
  learnerName: string;
  productId: string;
  courseTitle: string;
  creatorName: string;
  hours: number;
  completedAt: string;
  status: 'valid' | 'revoked';
  verifyUrl: string;
  pdfUrl: string;
  credentialUrl: string;
}

const hoursText = (hours: number) => `${hours} ${hours === 1 ? 'hour' : 'hours'}`;

test.beforeEach(async ({ page }) => {
  await dismissCookieBanner(page);
});

test('a member passes a quiz, finishes a course, downloads the certificate PDF, and a signed-out visitor verifies its code', async ({
  page,
  request,
  browser,
}, testInfo) => {
  test.setTimeout(150_000);
  const origin = testInfo.project.use.baseURL!;
  const slug = 'machine-learning-foundations';
  const outline = await outlineOf(request, slug);
  const demoQuiz = demoQuizOf(slug);
  const quiz = lessonTitled(outline, demoQuiz.title);
  const lessons = lessonsOf(outline);
  const productRes = await request.get(`/api/v1/content/products/${slug}`);
  expect(productRes.status()).toBe(200);
  const product = (
    (await productRes.json()) as { data: { _id: string; title: string; creator: { name: string } } }
  ).data;
  const token = await apiToken(request, 'member');
  const before = await courseProgressOf(request, token, outline.productId);
  expect(before.course.completed, 'the demo member has not finished this course').toBe(false);
  expect(before.lessons.find((row) => row.lessonId === quiz.id)?.completed ?? false).toBe(false);

  try {
    // every lesson but the quiz done (as the player's Mark Complete does)
    for (const lesson of lessons.filter((l) => l.kind !== 'quiz'))
      await completeLesson(request, token, outline.productId, lesson.id);

    await loginAs(page, 'member');
    await page.goto(`/browse/premium/product/${slug}/lesson/${quiz.id}`);
    await expect(lessonHeading(page, quiz.title)).toBeVisible();
    await expect(page.getByTestId('course-percent')).toContainText(
      `${lessons.length - 1} of ${lessons.length} lessons`,
    );
    await expect(page.getByRole('button', { name: 'Mark Complete', exact: true })).toHaveCount(0);

    // a first attempt with wrong answers: the score and which were wrong, never the right options nor why
    const form = page.getByRole('form', { name: 'Quiz' });
    await chooseAnswers(page, slug, mostlyWrongAnswers);
    await form.getByRole('button', { name: 'Submit answers' }).click();
    const failedAt = Date.now();
    const failedScore = scoreOf(slug, mostlyWrongAnswers);
    await expect(page.getByRole('heading', { name: `Your score: ${failedScore}%` })).toBeVisible();
    await expect(page.getByTestId('quiz-verdict')).toHaveText(
      `${failedScore}%: ${demoQuiz.quiz.passPercent}% passes. Look again at the questions marked wrong, then try again.`,
    );
    const graded = page.getByTestId('quiz-question-result');
    await expect(graded).toHaveCount(demoQuiz.quiz.questions.length);
    for (const [index, question] of demoQuiz.quiz.questions.entries()) {
      const result = graded.filter({
        has: page.getByRole('heading', { name: question.prompt, exact: true }),
      });
      await expect(result.getByText(index === 0 ? 'Correct' : 'Incorrect', { exact: true })).toBeVisible();
      await expect(result).not.toContainText(question.explanation!);
    }
    await expect(page.getByTestId('quiz-result').getByText('Correct answer')).toHaveCount(0);
    await expect(page.getByTestId('course-complete')).toHaveCount(0);

    // Try again counts down the wait (10 s after a first failure), disabled; then starts a new attempt
    const tryAgain = page.getByTestId('quiz-try-again');
    await expect(tryAgain).toHaveText(/^Try again in 0:(10|0\d)$/);
    await expect(tryAgain).toBeDisabled();
    await waitOutRetakeGap(page, slug, failedAt);
    await expect(tryAgain).toHaveText('Try again');
    await tryAgain.click();
    await chooseAnswers(page, slug, rightAnswers);
    const firstRight = demoQuiz.quiz.questions[0]!.options.find((o) => o.correct)!;
    await expect(
      form
        .getByRole('group', { name: demoQuiz.quiz.questions[0]!.prompt })
        .getByRole('radio', { name: firstRight.text }),
    ).toBeChecked();

    // after the wait, the same answers pass: the lesson and the course are complete
    await waitOutRetakeGap(page, slug, failedAt);
    await form.getByRole('button', { name: 'Submit answers' }).click();
    await expect(page.getByRole('heading', { name: 'Your score: 100%' })).toBeVisible();
    await expect(page.getByTestId('quiz-verdict')).toHaveText('Passed with 100%');
    await expect(page.getByTestId('quiz-result')).toContainText(
      'This lesson is complete, and so is the course.',
    );
    // after the pass: the right options of every question, and why
    for (const question of demoQuiz.quiz.questions) {
      const result = graded.filter({
        has: page.getByRole('heading', { name: question.prompt, exact: true }),
      });
      await expect(result).toContainText(question.explanation!);
      for (const option of question.options.filter((o) => o.correct))
        await expect(result.getByRole('listitem').filter({ hasText: option.text })).toContainText(
          'Correct answer',
        );
    }
    await expect(page.getByTestId('course-percent')).toHaveText(
      `Completed · 100% · ${lessons.length} of ${lessons.length} lessons`,
    );
    await expect
      .poll(async () => (await courseProgressOf(request, token, outline.productId)).course)
      .toMatchObject({ progress: 100, completed: true });

    // one certificate for the course, issued on completion
    const listed = await request.get('/api/v1/certificates', { headers: bearer(token) });
    expect(listed.status()).toBe(200);
    const mine = ((await listed.json()) as { data: Certificate[] }).data.filter(
      (c) => c.productId === outline.productId,
    );
    expect(mine).toHaveLength(1);
    const certificate = mine[0]!;
    expect(certificate).toMatchObject({
      learnerName: demo.member.name,
      courseTitle: product.title,
      creatorName: product.creator.name,
      status: 'valid',
      verifyUrl: `${origin}/certificates/${certificate.code}`,
    });
    expect(certificate.code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);

    const complete = page.getByTestId('course-complete');
    await expect(complete.getByRole('heading', { name: 'Course complete' })).toBeVisible();
    await complete.getByRole('link', { name: 'View certificate' }).click();
    await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.code}$`));
    const card = page.getByTestId('certificate');
    await expect(page.getByTestId('certificate-status')).toHaveText('Valid');
    await expect(card.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
    await expect(page.getByTestId('certificate-learner')).toHaveText(demo.member.name);
    await expect(card).toContainText(product.creator.name);
    await expect(card).toContainText(hoursText(certificate.hours));
    await expect(card).toContainText(certificate.code);

    // the PDF: downloaded from the page, and saying who completed what, with its code and where to verify it
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('link', { name: 'Download PDF' }).click(),
    ]);
    expect(await download.failure()).toBeNull();
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const { doc, text } = await readPdfText(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(text).toContain('CERTIFICATE OF COMPLETION');
    expect(text).toContain(demo.member.name);
    expect(text).toContain(product.title);
    expect(text).toContain(`by ${product.creator.name}`);
    expect(text).toContain(certificate.code);
    expect(text).toContain(certificate.verifyUrl);
    expect(text).not.toContain('REVOKED');

    // a signed-out visitor, in a browser of their own, checks the code
    const visitor = await browser.newContext({
      baseURL: origin,
      permissions: ['clipboard-read', 'clipboard-write'],
    });
    try {
      const visitorPage = await visitor.newPage();
      await dismissCookieBanner(visitorPage);
      await visitorPage.goto(`/certificates/${certificate.code}`);
      expect(await visitorPage.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
      const seen = visitorPage.getByTestId('certificate');
      await expect(visitorPage.getByTestId('certificate-status')).toHaveText('Valid');
      await expect(seen.getByRole('heading', { level: 1, name: product.title })).toBeVisible();
      await expect(visitorPage.getByTestId('certificate-learner')).toHaveText(demo.member.name);
      await expect(seen).toContainText(product.creator.name);
      await expect(seen).toContainText(hoursText(certificate.hours));
      await expect(visitorPage).toHaveTitle(new RegExp(`Certificate: ${product.title}`));

      // Copy link confirms, and the clipboard holds the page's address
      await seen.getByRole('button', { name: 'Copy link' }).click();
      await expect(visitorPage.getByTestId('copy-status')).toHaveText('Link copied');
      expect(await visitorPage.evaluate(() => navigator.clipboard.readText())).toBe(certificate.verifyUrl);

      // LinkedIn's add-to-profile form, filled in with the course and this page
      const linkedIn = new URL(
        (await seen.getByRole('link', { name: 'Add to LinkedIn profile' }).getAttribute('href'))!,
      );
      expect(`${linkedIn.origin}${linkedIn.pathname}`).toBe('https://www.linkedin.com/profile/add');
      expect(linkedIn.searchParams.get('name')).toBe(product.title);
      expect(linkedIn.searchParams.get('certUrl')).toBe(certificate.verifyUrl);
      expect(linkedIn.searchParams.get('certId')).toBe(certificate.code);

      // the verifiable credential: a JWT that checks out against the keys the site publishes
      const credentialHref = (await seen
        .getByRole('link', { name: 'Verifiable credential' })
        .getAttribute('href'))!;
      const credential = await visitor.request.get(credentialHref);
      expect(credential.status()).toBe(200);
      expect(credential.headers()['content-type']).toContain(VC_JWT_CONTENT_TYPE);
      const jwt = (await credential.text()).trim();
      const jwksHref = (await seen.getByRole('link', { name: JWKS_PATH }).getAttribute('href'))!;
      expect(jwksHref).toBe(JWKS_PATH);
      const jwksRes = await visitor.request.get(jwksHref);
      expect(jwksRes.status()).toBe(200);
      const jwks = (await jwksRes.json()) as JSONWebKeySet;
      const header = decodeProtectedHeader(jwt);
      expect(header.alg).toBe('EdDSA');
      expect(jwks.keys.map((k) => k.kid)).toContain(header.kid);
      const { payload } = await jwtVerify(jwt, createLocalJWKSet(jwks), {
        issuer: origin.replace(/\/+$/, ''),
      });
      expect(payload).toMatchObject({
        id: certificate.verifyUrl,
        type: expect.arrayContaining(['VerifiableCredential', 'OpenBadgeCredential']),
        credentialSubject: {
          name: demo.member.name,
          achievement: { name: product.title, creator: { name: product.creator.name } },
        },
        credentialStatus: { type: 'BitstringStatusListEntry', statusPurpose: 'revocation' },
      });
      // the page checks a kept credential: its signature, then its bit in the signed revocation list
      await seen.getByRole('textbox', { name: 'Credential' }).fill(jwt);
      await seen.getByRole('button', { name: 'Check credential' }).click();
      await expect(visitorPage.getByTestId('credential-check')).toHaveText(
        `Signature valid · Not revoked · ${product.title}, awarded to ${demo.member.name}`,
      );

      // an unknown code
      await visitorPage.goto('/certificates/ZZZZZZZZZZ');
      await expect(
        visitorPage.getByRole('heading', { level: 1, name: CERTIFICATE_MESSAGES.notFound }),
      ).toBeVisible();
      await expect(visitorPage.getByTestId('certificate-not-found')).toContainText(
        'No certificate has the code ZZZZZZZZZZ',
      );
    } finally {
      await visitor.close();
    }

    // the member's learning record: the course completed with its certificate, the weekly chart, the quiz result
    const recordRes = await request.get('/api/v1/content/progress/learning-record', {
      headers: bearer(token),
    });
    expect(recordRes.status()).toBe(200);
    const record = (
      (await recordRes.json()) as {
        data: {
          weeks: Array<{ minutes: number }>;
          quizzes: Array<{ lessonId: string; bestScore: number; passed: boolean; attempts: number }>;
        };
      }
    ).data;
    expect(record.quizzes.find((q) => q.lessonId === quiz.id)).toMatchObject({
      bestScore: 100,
      passed: true,
      attempts: 2,
    });

    await page.goto('/learning');
    await expect(page.getByRole('heading', { level: 1, name: 'Learning record' })).toBeVisible();
    const completed = page.getByRole('region', { name: 'Completed courses' });
    await expect(completed.getByRole('link', { name: product.title, exact: true })).toBeVisible();
    await expect(completed.getByRole('link', { name: `Certificate for ${product.title}` })).toHaveAttribute(
      'href',
      `/certificates/${certificate.code}`,
    );
    const certificates = page
      .getByRole('region', { name: 'Certificates' })
      .getByRole('listitem')
      .filter({ hasText: certificate.code });
    await expect(certificates).toContainText(product.title);
    await expect(certificates).toContainText('Valid');
    await expect(
      page
        .getByRole('region', { name: 'In progress' })
        .getByRole('link', { name: product.title, exact: true }),
    ).toHaveCount(0);
    const chart = page.getByTestId('weekly-chart');
    await expect(chart).toBeVisible();
    await expect(page.getByTestId('chart-bar')).toHaveCount(12);
    expect(
      await page
        .getByTestId('chart-bar')
        .evaluateAll((bars) => bars.map((bar) => Number(bar.getAttribute('data-minutes')))),
    ).toEqual(record.weeks.map((w) => w.minutes));
    await expect(page.getByRole('table', { name: 'Minutes learned per week' }).getByRole('row')).toHaveCount(
      13,
    );
    const quizRow = page
      .getByRole('region', { name: 'Quiz results' })
      .getByRole('row')
      .filter({ hasText: product.title });
    await expect(quizRow.getByRole('cell')).toContainText(['100%', 'Passed', '2']);

    // the certificate page links back from the record
    await certificates.getByRole('link', { name: product.title }).click();
    await expect(page).toHaveURL(new RegExp(`/certificates/${certificate.code}$`));
    await expect(page.getByTestId('certificate-status')).toHaveText('Valid');
  } finally {
    // the course's progress back as it was (its quiz attempts and certificate stay: the product keeps them)
    await page.goto('/about').catch(() => undefined);
    await restoreCourse(request, token, outline.productId, before);
  }
});
