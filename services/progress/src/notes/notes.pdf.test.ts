import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PDFDocument } from 'pdf-lib';
import type { Identity } from '@catalyst/contracts';
import { pdfPageContent, pdfShownText } from '@catalyst/service-kit/testing/pdf';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createTestContext, curriculum, ids, lesson, otherSubscriber, products } from '../test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
  // content names each lesson (the PDF says which lesson a note is in)
  ctx.courses.set(
    ids.lessons,
    curriculum.map((l, i) => ({ ...l, title: ['Why grid', 'Tracks and lines', 'Notes', 'Layouts'][i]! })),
  );
});
afterAll(() => ctx?.close());
beforeEach(async () => {
  await ctx.db.deleteFrom('notes').execute();
  ctx.catalog.clear();
  for (const product of products) ctx.catalog.set(product._id, product);
});

const sub = testUsers.subscriber;
const note = (body: Record<string, unknown>, as: Identity = sub) =>
  ctx.call(as, 'POST', '/notes', { productId: ids.lessons, lessonId: lesson.grid, seconds: 12, ...body });

/** The PDF as the learner downloads it, read back: its pages, metadata and every string its pages show. */
async function exported(query = '', as: Identity = sub) {
  const res = await ctx.app.request(`/notes/export/pdf${query}`, { headers: identityHeaders(as) });
  expect(res.status).toBe(200);
  const bytes = new Uint8Array(await res.arrayBuffer());
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const text = doc.getPages().flatMap((page) => pdfShownText(pdfPageContent(page)));
  return { res, doc, text };
}

describe('GET /notes/export/pdf: every note as a PDF', () => {
  it("lists each course's notes with their lesson, time and text, downloaded as a file", async () => {
    await note({ seconds: 95, body: '**Fractions** share the free space' });
    await note({ lessonId: lesson.preview, seconds: 4, body: 'Grid is two-dimensional\nFlexbox is one' });
    await note({ lessonId: lesson.preview, seconds: 30, body: '' });
    await ctx.call(sub, 'POST', '/notes', { productId: ids.video, seconds: 61, body: 'Selectors' });
    // another learner's note is never in it
    await note({ body: 'Olga was here' }, otherSubscriber);

    const { res, doc, text } = await exported();
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="catalyst-notes.pdf"');
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getTitle()).toBe('My notes · Catalyst');
    expect(doc.getAuthor()).toBe(sub.name);
    expect(doc.getSubject()).toMatch(/^4 notes exported on /);
    expect(text.slice(0, 1)).toEqual(['My notes']);
    // courses by their newest note; in a course, by the lesson's place, then by second; a video has no lesson
    const body = text.slice(text.indexOf('CSS Video'));
    expect(body).toEqual([
      'CSS Video',
      '1:01',
      'Selectors',
      'Grid Course',
      'Why grid · 0:04',
      'Grid is two-dimensional',
      'Flexbox is one',
      'Why grid · 0:30',
      'Bookmark',
      'Tracks and lines · 1:35',
      '**Fractions** share the free space',
    ]);
    expect(text.join('\n')).not.toContain('Olga');
  });

  it("writes its own words in the learner's language, their notes as written", async () => {
    await note({ seconds: 30, body: '' });
    await note({ seconds: 95, body: 'Grid is two-dimensional' });
    const { doc, text } = await exported('', { ...sub, locale: 'de' });
    expect(doc.getTitle()).toBe('Meine Notizen · Catalyst');
    expect(doc.getSubject()).toMatch(/^2 Notizen, exportiert am \d+\. \p{L}+ \d{4}$/u);
    expect(text.slice(0, 2)).toEqual([
      'Meine Notizen',
      expect.stringMatching(/^2 Notizen · exportiert aus Catalyst am /),
    ]);
    expect(text).toContain('Lesezeichen');
    expect(text).toContain('Grid is two-dimensional');
  });

  it('exports only the notes a search finds, and says what it searched', async () => {
    await note({ body: 'Closures capture variables' });
    await note({ body: 'flexbox gaps' });
    const { text } = await exported('?q=closures');
    expect(text.join('\n')).toContain('Closures capture variables');
    expect(text.join('\n')).not.toContain('flexbox gaps');
    expect(text[1]).toMatch(/^1 note matching “closures” · exported from Catalyst on /);
  });

  it('runs onto as many pages as the notes need, long words and all', async () => {
    const long = `${'Grid areas name the parts of a layout. '.repeat(40)}https://example.com/${'x'.repeat(300)}`;
    await ctx.db
      .insertInto('notes')
      .values(
        Array.from({ length: 40 }, (_, i) => ({
          user_id: sub.id,
          id: (0xaa0000 + i).toString(16).padStart(24, '0'),
          product_id: ids.lessons,
          lesson_id: lesson.grid,
          seconds: i * 10,
          body: `Note ${i + 1}: ${long}`,
          body_html: '',
        })),
      )
      .execute();
    const { doc, text } = await exported();
    expect(doc.getPageCount()).toBeGreaterThan(5);
    expect(text).toContain('Tracks and lines · 6:30');
    expect(text.some((line) => line.startsWith('Note 40: Grid areas'))).toBe(true);
    // nothing runs past the margins: every line fits the page
    const font = await doc.embedFont('Helvetica');
    expect(Math.max(...text.map((line) => font.widthOfTextAtSize(line, 10.5)))).toBeLessThanOrEqual(
      595.28 - 2 * 56 + 1,
    );
  });

  it('says there are no notes yet, and asks for a sign-in', async () => {
    const { doc, text } = await exported();
    expect(doc.getPageCount()).toBe(1);
    expect(text).toContain('No notes yet.');
    expect((await ctx.call(null, 'GET', '/notes/export/pdf')).status).toBe(401);
  });
});
