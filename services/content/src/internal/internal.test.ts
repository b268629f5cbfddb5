import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COURSE_MESSAGES, QUIZ_MESSAGES, type AdminLesson, type ProductSummary } from '@catalyst/contracts';
import { internalHeaders } from '@catalyst/service-kit/testing';
import { createTestContext, fx, insertFixtures } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  await insertFixtures(ctx.db);
});
afterAll(() => ctx.close());

const call = async (path: string, init: RequestInit = {}, secret = true) => {
  const res = await ctx.app.request(path, {
    ...init,
    headers: { 'content-type': 'application/json', ...(secret ? internalHeaders() : {}) },
  });
  return { status: res.status, body: await res.json() };
};

describe('internal product routes', () => {
  it('gives a product summary by _id, drafts included', async () => {
    expect((await call(`/internal/products/${fx.react}`)).body.data).toEqual({
      _id: fx.react,
      productId: 'REACT001',
      slug: 'react-basics',
      title: 'React Basics',
      thumbnail: '/media/thumbnails/x.jpg',
      duration: 90,
      durationSeconds: null,
      type: 'course',
      categoryId: fx.web,
      creatorId: fx.alice,
      isPublished: true,
      price: 0,
    });
    expect((await call(`/internal/products/${fx.draft}`)).body.data.isPublished).toBe(false);
    expect((await call('/internal/products/0000000000000000000fffff')).status).toBe(404);
  });

  it('looks up summaries for a list of ids, skipping unknown ones', async () => {
    const { status, body } = await call('/internal/products/lookup', {
      method: 'POST',
      body: JSON.stringify({ ids: [fx.css, fx.sql, fx.css, '0000000000000000000fffff'] }),
    });
    expect(status).toBe(200);
    expect(body.data.map((p: ProductSummary) => p._id).sort()).toEqual([fx.css, fx.sql].sort());
    expect(
      (await call('/internal/products/lookup', { method: 'POST', body: JSON.stringify({ ids: [] }) })).body
        .data,
    ).toEqual([]);
  });

  it('rejects a lookup with malformed ids', async () => {
    const { status, body } = await call('/internal/products/lookup', {
      method: 'POST',
      body: JSON.stringify({ ids: ['nope'] }),
    });
    expect(status).toBe(400);
    expect(body.errors[0].field).toBe('ids.0');
  });

  it("lists a category's published products by id or slug", async () => {
    const bySlug = await call('/internal/categories/web-development/products');
    expect(bySlug.body.data.map((p: ProductSummary) => p.slug)).toEqual([
      'modern-css-layouts',
      'react-basics',
    ]);
    expect((await call(`/internal/categories/${fx.data}/products`)).body.data).toHaveLength(2);
    expect((await call('/internal/categories/none/products')).status).toBe(404);
  });

  it('is invisible without the internal secret', async () => {
    expect((await call(`/internal/products/${fx.react}`, {}, false)).status).toBe(404);
    expect((await call('/internal/categories/web-development/products', {}, false)).status).toBe(404);
  });
});

describe('internal routes for grading quizzes and issuing certificates', () => {
  /** React Basics: an article of known length, a quiz of unknown length. */
  let article: AdminLesson;
  let quiz: AdminLesson;
  beforeAll(async () => {
    const saved = await ctx.admin('PUT', `/admin/products/${fx.react}/curriculum`, {
      version: 0,
      sections: [
        {
          title: 'Hooks',
          lessons: [
            { title: 'useState', kind: 'article', body: '<p>State</p>', durationSeconds: 420 },
            {
              title: 'Check yourself',
              kind: 'quiz',
              quiz: {
                passPercent: 75,
                questions: [
                  {
                    kind: 'single',
                    prompt: 'What does useState return?',
                    options: [{ text: 'A value and its setter', isCorrect: true }, { text: 'A promise' }],
                    explanation: 'A pair: the value and a function to change it.',
                  },
                  {
                    kind: 'multiple',
                    prompt: 'Which are hooks?',
                    options: [
                      { text: 'useEffect', isCorrect: true },
                      { text: 'useMemo', isCorrect: true },
                      { text: 'setState' },
                    ],
                  },
                ],
              },
            },
          ],
        },
      ],
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    [article, quiz] = saved.body.data.sections[0].lessons;
  });

  it("gives progress a quiz lesson's answer key: every question's options, the correct ones and the explanation", async () => {
    const { status, body } = await call(`/internal/products/react-basics/lessons/${quiz.id}/quiz`);
    expect(status).toBe(200);
    const { questions } = quiz.quiz!;
    const [useState, hooks] = [questions[0]!, questions[1]!];
    expect(body.data).toEqual({
      lessonId: quiz.id,
      passPercent: 75,
      questions: [
        {
          id: useState.id,
          kind: 'single',
          optionIds: useState.options.map((o) => o.id),
          correctOptionIds: [useState.options[0]!.id],
          explanation: 'A pair: the value and a function to change it.',
        },
        {
          id: hooks.id,
          kind: 'multiple',
          optionIds: hooks.options.map((o) => o.id),
          correctOptionIds: [hooks.options[0]!.id, hooks.options[1]!.id],
          explanation: null,
        },
      ],
    });
    // by any key of the product
    expect((await call(`/internal/products/${fx.react}/lessons/${quiz.id}/quiz`)).body).toEqual(body);
  });

  it('refuses a key for a lesson that is not a quiz (409), an unknown lesson or product (404) and a malformed id (400)', async () => {
    expect(await call(`/internal/products/react-basics/lessons/${article.id}/quiz`)).toEqual({
      status: 409,
      body: { success: false, message: QUIZ_MESSAGES.notAQuiz },
    });
    expect(await call('/internal/products/react-basics/lessons/0000000000000000000b00ff/quiz')).toEqual({
      status: 404,
      body: { success: false, message: COURSE_MESSAGES.lessonNotFound },
    });
    // a lesson of another product is not a lesson of this one
    expect(await call(`/internal/products/modern-css-layouts/lessons/${quiz.id}/quiz`)).toEqual({
      status: 404,
      body: { success: false, message: COURSE_MESSAGES.lessonNotFound },
    });
    expect(await call(`/internal/products/no-such-product/lessons/${quiz.id}/quiz`)).toEqual({
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    expect((await call('/internal/products/react-basics/lessons/not-an-id/quiz')).status).toBe(400);
    expect((await call(`/internal/products/react-basics/lessons/${quiz.id}/quiz`, {}, false)).status).toBe(
      404,
    );
  });

  it("states a course's title, slug, creator and length for its certificate: the lessons' known seconds, else the product's minutes", async () => {
    // React Basics: 420 known seconds (the quiz's length is unknown), though the product says 90 minutes
    expect((await call('/internal/products/react-basics/certificate-facts')).body.data).toEqual({
      productId: fx.react,
      slug: 'react-basics',
      title: 'React Basics',
      creatorName: 'Alice Doe',
      durationSeconds: 420,
    });
    // no curriculum: the product's 240 minutes
    expect((await call(`/internal/products/SQL00003/certificate-facts`)).body.data).toEqual({
      productId: fx.sql,
      slug: 'sql-window-functions',
      title: 'SQL Window Functions',
      creatorName: 'Bob Stone',
      durationSeconds: 240 * 60,
    });
    // neither known: nothing to state
    expect(
      (await call('/internal/products/pandas-for-analysts/certificate-facts')).body.data.durationSeconds,
    ).toBe(0);
    // drafts included (a certificate earned before a course was unpublished still names it)
    expect((await call(`/internal/products/${fx.draft}/certificate-facts`)).body.data.title).toBe(
      'Unfinished Draft React',
    );
    expect(await call('/internal/products/no-such-product/certificate-facts')).toEqual({
      status: 404,
      body: { success: false, message: 'Product not found' },
    });
    expect((await call('/internal/products/react-basics/certificate-facts', {}, false)).status).toBe(404);
  });
});
