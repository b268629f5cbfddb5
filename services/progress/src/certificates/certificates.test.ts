import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  CERTIFICATE_CODE_ALPHABET,
  CERTIFICATE_MESSAGES,
  certificateSchema,
  type Identity,
} from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { readPdfText } from '@catalyst/service-kit/testing/pdf';
import { createTestContext, ids, opt, q, quizLesson, rightAnswers } from '../test-support';
import { issueCertificateIfComplete, newCertificateCode } from './issue';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
beforeEach(async () => {
  for (const table of ['certificates', 'quiz_attempts', 'lesson_progress', 'progress'] as const)
    await ctx.db.deleteFrom(table).execute();
  ctx.peers.authDown = false;
  ctx.peers.contentFactsDown = false;
});

const sub = testUsers.subscriber;
const admin = testUsers.admin;
const SITE = 'https://learn.catalyst.test';
const course = (suffix = '') => `/content/progress/product/${ids.quizCourse}${suffix}`;

/** Completes the quiz course as a learner would: the video marked complete, both quizzes passed. */
async function completeQuizCourse(as: Identity = sub) {
  await ctx.call(as, 'PATCH', course(`/lessons/${quizLesson.video}/complete`), {});
  await ctx.call(as, 'POST', course(`/lessons/${quizLesson.preview}/quiz-attempts`), {
    answers: [{ questionId: q(4), optionIds: [opt(4, 'b')] }],
  });
  const passed = await ctx.call(as, 'POST', course(`/lessons/${quizLesson.final}/quiz-attempts`), {
    answers: rightAnswers(),
  });
  expect(passed.body.data.course.completed).toBe(true);
}

const certificates = () => ctx.db.selectFrom('certificates').selectAll().execute();

describe('issuing', () => {
  it('issues the certificate when the last quiz is passed: the name as auth knows it, the course as content states it', async () => {
    await completeQuizCourse();
    const { status, body } = await ctx.call(sub, 'GET', '/certificates');
    expect(status).toBe(200);
    expect(body.data).toHaveLength(1);
    const certificate = certificateSchema.parse(body.data[0]);
    expect(certificate).toMatchObject({
      learnerName: 'Sam Subscriber',
      productId: ids.quizCourse,
      productSlug: 'quiz-course',
      courseTitle: 'Quiz Course',
      creatorName: 'Cora Creator',
      // 300 + 120 seconds of lessons: 0.1 hours
      hours: 0.1,
      status: 'valid',
      revokedAt: null,
      revokedReason: null,
    });
    expect(certificate.code).toMatch(new RegExp(`^[${CERTIFICATE_CODE_ALPHABET}]{10}$`));
    const progress = (await ctx.call(sub, 'GET', course())).body.data;
    expect(certificate.completedAt).toBe(progress.completedAt);
    expect(certificate.verifyUrl).toBe(`${SITE}/certificates/${certificate.code}`);
    expect(certificate.pdfUrl).toBe(`${SITE}/api/v1/certificates/${certificate.code}/pdf`);
    expect(certificate.credentialUrl).toBe(`${SITE}/api/v1/certificates/${certificate.code}/credential`);
    // issued when the course was completed, its credential signed then too
    expect(await ctx.db.selectFrom('certificate_credentials').select('code').execute()).toEqual([
      { code: certificate.code },
    ]);
  });

  it('issues none for a course not completed, nor for a single-video product completed', async () => {
    await ctx.call(sub, 'PATCH', course(`/lessons/${quizLesson.video}/complete`), {});
    await ctx.call(sub, 'PATCH', `/content/progress/product/${ids.video}/complete`, {});
    expect((await ctx.call(sub, 'GET', '/certificates')).body.data).toEqual([]);
    expect(await certificates()).toEqual([]);
  });

  it('issues exactly one certificate from ten concurrent completions', async () => {
    await ctx.call(sub, 'POST', course(`/lessons/${quizLesson.preview}/quiz-attempts`), {
      answers: [{ questionId: q(4), optionIds: [opt(4, 'b')] }],
    });
    await ctx.call(sub, 'POST', course(`/lessons/${quizLesson.final}/quiz-attempts`), {
      answers: rightAnswers(),
    });
    // every quiz passed: ten Mark Complete of the last lesson at once (a retried request, many tabs) complete the course
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        ctx.call(sub, 'PATCH', course(`/lessons/${quizLesson.video}/complete`), {}),
      ),
    );
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    const rows = await certificates();
    expect(rows).toHaveLength(1);
    expect(
      (await ctx.call(sub, 'GET', '/certificates')).body.data.map((c: { code: string }) => c.code),
    ).toEqual([rows[0]!.code]);
  });

  it('issues one certificate however many issuers race for it, each answering that one', async () => {
    // the course row completed while auth could not answer: nothing issued yet
    ctx.peers.authDown = true;
    await completeQuizCourse();
    ctx.peers.authDown = false;
    expect(await certificates()).toEqual([]);
    const issued = await Promise.all(
      Array.from({ length: 10 }, () => issueCertificateIfComplete(ctx.deps, sub.id, ids.quizCourse)),
    );
    const rows = await certificates();
    expect(rows).toHaveLength(1);
    expect(issued.map((row) => row?.code)).toEqual(Array(10).fill(rows[0]!.code));
    expect(await ctx.db.selectFrom('certificate_credentials').select('code').execute()).toEqual([
      { code: rows[0]!.code },
    ]);
  });

  it('never fails the completion when auth cannot answer: the certificate is issued on the next read of the list', async () => {
    ctx.peers.authDown = true;
    await completeQuizCourse();
    expect(await certificates()).toEqual([]);
    expect((await ctx.call(sub, 'GET', '/certificates')).body.data).toEqual([]);
    ctx.peers.authDown = false;
    const { body } = await ctx.call(sub, 'GET', '/certificates');
    expect(body.data).toEqual([
      expect.objectContaining({ learnerName: 'Sam Subscriber', courseTitle: 'Quiz Course', status: 'valid' }),
    ]);
  });

  it('keeps the name as it was when issued', async () => {
    await completeQuizCourse();
    ctx.names.set(sub.id, 'Samantha Renamed');
    try {
      expect((await ctx.call(sub, 'GET', '/certificates')).body.data[0].learnerName).toBe('Sam Subscriber');
    } finally {
      ctx.names.set(sub.id, sub.name);
    }
  });

  it('makes codes of the alphabet only, different each time', () => {
    const codes = new Set(Array.from({ length: 1_000 }, newCertificateCode));
    expect(codes.size).toBe(1_000);
    for (const code of codes) expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{10}$/);
  });
});

describe('GET /certificates', () => {
  it("lists only the caller's own certificates", async () => {
    await completeQuizCourse(sub);
    await ctx.call(testUsers.learner, 'GET', '/certificates');
    const theirs = await ctx.call(testUsers.learner, 'GET', '/certificates');
    expect(theirs).toMatchObject({ status: 200, body: { data: [] } });
    expect((await ctx.call(null, 'GET', '/certificates')).status).toBe(401);
  });
});

describe('GET /certificates/:code', () => {
  it('answers anyone, signed in or not, and reads a lower-case code as upper case', async () => {
    await completeQuizCourse();
    const [row] = await certificates();
    const { status, body } = await ctx.call(null, 'GET', `/certificates/${row!.code.toLowerCase()}`);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ code: row!.code, learnerName: 'Sam Subscriber', status: 'valid' });
  });

  it('answers an unknown code 404 and a malformed one 400', async () => {
    expect(await ctx.call(null, 'GET', '/certificates/ZZZZZZZZZZ')).toMatchObject({
      status: 404,
      body: { success: false, message: CERTIFICATE_MESSAGES.notFound },
    });
    expect(await ctx.call(null, 'GET', '/certificates/ILLEGAL-OU')).toMatchObject({
      status: 400,
      body: { success: false, message: CERTIFICATE_MESSAGES.invalidCode },
    });
    const pdf = await ctx.app.request('/certificates/ZZZZZZZZZZ.pdf');
    expect(pdf.status).toBe(404);
    expect(await ctx.call(null, 'GET', '/certificates/ZZZZZZZZZZ/pdf')).toMatchObject({
      status: 404,
      body: { success: false, message: CERTIFICATE_MESSAGES.notFound },
    });
    expect(await ctx.call(null, 'GET', '/certificates/ZZZZZZZZZZ.pdf/pdf')).toMatchObject({
      status: 400,
      body: { success: false, message: CERTIFICATE_MESSAGES.invalidCode },
    });
  });

  it("moves the PDF's first address, CODE.pdf, permanently to its own", async () => {
    await completeQuizCourse();
    const [row] = await certificates();
    const res = await ctx.app.request(`/certificates/${row!.code.toLowerCase()}.PDF`);
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe(`/api/v1/certificates/${row!.code}/pdf`);
  });

  it('serves the PDF inline under its name', async () => {
    await completeQuizCourse();
    const [row] = await certificates();
    const res = await ctx.app.request(`/certificates/${row!.code}/pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      `inline; filename="catalyst-certificate-${row!.code}.pdf"`,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  });

  it('prints the PDF in the language the learner had chosen when it was issued', async () => {
    ctx.locales.set(sub.id, 'de');
    try {
      await completeQuizCourse();
    } finally {
      ctx.locales.delete(sub.id);
    }
    const [row] = await certificates();
    expect(row!.language).toBe('de');
    const res = await ctx.app.request(`/certificates/${row!.code}/pdf`);
    const { text } = await readPdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain('ABSCHLUSSZERTIFIKAT');
    expect(text).toContain('Hiermit wird bestätigt, dass');
    expect(text).toContain('von Cora Creator  ·  0,1 Stunden');
  });
});

describe('revoking', () => {
  async function issued() {
    await completeQuizCourse();
    return (await certificates())[0]!.code;
  }

  it('revokes with a reason: the JSON says revoked and why, and the list too', async () => {
    const code = await issued();
    const revoked = await ctx.call(admin, 'POST', `/admin/certificates/${code}/revoke`, {
      reason: '  Issued in error  ',
    });
    expect(revoked.status).toBe(200);
    expect(revoked.body.data).toMatchObject({
      code,
      status: 'revoked',
      revokedReason: 'Issued in error',
      revokedAt: expect.any(String),
    });
    const publicView = await ctx.call(null, 'GET', `/certificates/${code}`);
    expect(publicView).toMatchObject({
      status: 200,
      body: {
        message: CERTIFICATE_MESSAGES.revoked,
        data: { status: 'revoked', revokedReason: 'Issued in error' },
      },
    });
    expect((await ctx.call(sub, 'GET', '/certificates')).body.data[0].status).toBe('revoked');
  });

  it('refuses a second revocation (409), an unknown code (404), a missing reason (400) and a non-admin (403)', async () => {
    const code = await issued();
    expect(
      (await ctx.call(sub, 'POST', `/admin/certificates/${code}/revoke`, { reason: 'Mine to revoke?' }))
        .status,
    ).toBe(403);
    expect(
      (await ctx.call(admin, 'POST', `/admin/certificates/${code}/revoke`, { reason: ' ' })).status,
    ).toBe(400);
    expect(
      (await ctx.call(admin, 'POST', '/admin/certificates/ZZZZZZZZZZ/revoke', { reason: 'Unknown' })).status,
    ).toBe(404);
    await ctx.call(admin, 'POST', `/admin/certificates/${code}/revoke`, { reason: 'Issued in error' });
    const again = await ctx.call(admin, 'POST', `/admin/certificates/${code}/revoke`, { reason: 'Twice' });
    expect(again).toMatchObject({
      status: 409,
      body: { success: false, message: CERTIFICATE_MESSAGES.alreadyRevoked },
    });
    expect((await certificates())[0]!.revoked_reason).toBe('Issued in error');
  });
});

describe('GET /admin/certificates', () => {
  beforeEach(async () => {
    const base = {
      product_id: ids.quizCourse,
      course_title: 'Quiz Course',
      creator_name: 'Cora Creator',
      product_slug: 'quiz-course',
      hours: 1.5,
      completed_at: new Date(),
    };
    await ctx.db
      .insertInto('certificates')
      .values([
        {
          ...base,
          code: 'AAAAAAAAA1',
          user_id: 'a1'.padEnd(24, '0'),
          learner_name: 'Alice Anders',
          issued_at: '2026-11-01T00:00:00Z',
        },
        {
          ...base,
          code: 'BBBBBBBBB2',
          user_id: 'b2'.padEnd(24, '0'),
          learner_name: 'Bob 100%_Brown',
          issued_at: '2026-11-02T00:00:00Z',
          revoked_at: new Date(),
          revoked_reason: 'Fraud',
        },
        {
          ...base,
          code: 'CCCCCCCCC3',
          user_id: 'c3'.padEnd(24, '0'),
          learner_name: 'Cyd Carter',
          product_id: ids.lessons,
          course_title: 'Grid Course',
          issued_at: '2026-11-03T00:00:00Z',
        },
      ])
      .execute();
  });
  const list = (query = '') => ctx.call(admin, 'GET', `/admin/certificates${query}`);
  const codes = (body: { data: { items: { code: string }[] } }) => body.data.items.map((c) => c.code);

  it('lists every certificate newest first, paged', async () => {
    const { status, body } = await list('?limit=2');
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ total: 3, page: 1, limit: 2 });
    expect(codes(body)).toEqual(['CCCCCCCCC3', 'BBBBBBBBB2']);
    expect(codes((await list('?limit=2&page=2')).body)).toEqual(['AAAAAAAAA1']);
  });

  it('finds by code, learner or course, and filters by status', async () => {
    expect(codes((await list('?search=bbbbbbbbb2')).body)).toEqual(['BBBBBBBBB2']);
    expect(codes((await list('?search=alice')).body)).toEqual(['AAAAAAAAA1']);
    expect(codes((await list('?search=grid%20course')).body)).toEqual(['CCCCCCCCC3']);
    // the term's own wildcards are literal
    expect(codes((await list('?search=100%25_')).body)).toEqual(['BBBBBBBBB2']);
    expect(codes((await list('?search=_')).body)).toEqual(['BBBBBBBBB2']);
    expect(codes((await list('?status=revoked')).body)).toEqual(['BBBBBBBBB2']);
    expect(codes((await list('?status=valid&search=quiz')).body)).toEqual(['AAAAAAAAA1']);
  });

  it('is for admins only, and refuses a bad status', async () => {
    expect((await ctx.call(sub, 'GET', '/admin/certificates')).status).toBe(403);
    expect((await list('?status=lost')).status).toBe(400);
  });
});
