import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIFFICULTIES,
  demoCreatorAccounts,
  PRODUCT_TYPES,
  type AdminCurriculum,
  type Category,
  type CurriculumOutline,
  type Page,
  type PremiumProduct,
  type ProductDetail,
  type PublicProduct,
} from '@catalyst/contracts';
import { createLogger, ffprobePath } from '@catalyst/service-kit';
import {
  DEMO_COURSES,
  DEMO_RESOURCE_FILES,
  DEMO_WEBINARS,
  demoAssetId,
  demoLessonId,
  demoOptionId,
  demoQuestionId,
  demoSectionId,
  demoVideoFor,
  demoWebinarRecordedStart,
  type DemoQuizOption,
  type DemoQuizQuestion,
} from '@catalyst/demo';
import { identityHeaders, testLog, testUsers } from '@catalyst/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { demoProducts } from './demo/catalog';
import { demoDocuments } from './demo/documents';
import { seedDemoPaths } from './demo/paths';
import { demoId, readingMinutes, seedDemo, sessionDate } from './seed';
import { createTestContext } from './test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
let seededAt: number;
beforeAll(async () => {
  ctx = await createTestContext();
  seededAt = Date.now();
  await seedDemo(ctx.db, testLog);
});
afterAll(() => ctx.close());

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** A media file's length as ffprobe reads it (each file measured once). */
const measured = new Map<string, number>();
const secondsOf = (file: string) =>
  measured.get(file) ??
  measured
    .set(
      file,
      Number(
        execFileSync(ffprobePath(), [
          '-v',
          'error',
          '-show_entries',
          'format=duration',
          '-of',
          'csv=p=0',
          path.join(repoRoot, file),
        ]).toString(),
      ),
    )
    .get(file)!;
const courseSlugs = new Set(DEMO_COURSES.map((c) => c.slug));
/** A demo course's length: its video lessons as measured, its articles' and quizzes' reading times. */
const courseSeconds = (slug: string) =>
  DEMO_COURSES.find((c) => c.slug === slug)!
    .sections.flatMap((s) => s.lessons)
    .reduce(
      (total, l) => total + (l.kind === 'video' ? Math.round(secondsOf(l.video!)) : l.readingSeconds!),
      0,
    );

describe('demo catalogue', () => {
  it('seeds 6 categories, 8 creators and 48 published products over every type and difficulty', async () => {
    const categories = (await (await ctx.app.request('/categories?limit=100')).json()) as {
      data: Page<Category>;
    };
    expect(categories.data.total).toBe(6);
    for (const c of categories.data.items) {
      expect(c.icon).not.toBe('');
      expect(c.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(c.productCount).toBe(8);
    }
    const products = (await (await ctx.app.request('/content/products?limit=100')).json()) as {
      data: Page<PublicProduct>;
    };
    expect(products.data.total).toBe(48);
    const items = products.data.items;
    expect(new Set(items.map((p) => p.type))).toEqual(new Set(PRODUCT_TYPES));
    expect(new Set(items.map((p) => p.difficulty))).toEqual(new Set(DIFFICULTIES));
    expect(new Set(items.map((p) => p.creatorId)).size).toBe(8);
    expect(items.some((p) => p.price === 0)).toBe(true);
    expect(items.filter((p) => p.isFeatured).length).toBeGreaterThanOrEqual(4);
  });

  it("gives every product its own lesson's real length (ffprobe), a course its curriculum's, a document its reading time, never a made-up one", async () => {
    const res = await ctx.app.request('/content/premium/products?limit=100', {
      headers: identityHeaders(testUsers.admin),
    });
    const items = ((await res.json()) as { data: Page<PremiumProduct> }).data.items;
    for (const p of items) {
      if (p.type === 'document') {
        expect(p.duration, p.slug).toBe(readingMinutes(demoDocuments[p.slug]!));
        expect(p.durationSeconds, p.slug).toBeNull();
        continue;
      }
      const lesson = secondsOf(new URL(p.videoUrl!, 'http://gateway.test').pathname);
      expect(lesson).toBeGreaterThan(5);
      // whole minutes (spec), a lesson under a minute counting as one
      const seconds = courseSlugs.has(p.slug) ? courseSeconds(p.slug) : lesson;
      expect(p.duration, p.slug).toBe(Math.max(1, Math.ceil(seconds / 60)));
      // and the exact length, so a 30-second clip reads '30 s'
      expect(p.durationSeconds, p.slug).toBe(Math.round(seconds));
    }
    // the lessons differ, and the catalogue uses every one of them
    const videos = items.filter((p) => p.videoUrl !== null);
    expect(new Set(videos.map((p) => new URL(p.videoUrl!, 'http://gateway.test').pathname)).size).toBe(5);
  });

  it('lets the Type filter reach every demo product: each one has a type of the shared list', async () => {
    let reached = 0;
    for (const type of PRODUCT_TYPES) {
      const res = (await (await ctx.app.request(`/content/products?limit=100&type=${type}`)).json()) as {
        data: Page<PublicProduct>;
      };
      expect(res.data.total, type).toBeGreaterThan(0);
      reached += res.data.total;
    }
    expect(reached).toBe(48);
  });

  it('points every product at media files that exist in the repository', async () => {
    const res = await ctx.app.request('/content/premium/products?limit=100', {
      headers: identityHeaders(testUsers.admin),
    });
    const items = ((await res.json()) as { data: Page<PremiumProduct> }).data.items;
    for (const p of items) {
      // a document is read, not watched: it has no video
      expect(p.videoUrl === null, p.slug).toBe(p.type === 'document');
      // the video address is signed for the caller: the file is its path
      const video = p.videoUrl ? [new URL(p.videoUrl, 'http://gateway.test').pathname] : [];
      for (const url of [p.thumbnail!, ...video]) {
        expect(url).toMatch(/^\/media\//);
        expect(existsSync(path.join(repoRoot, url)), url).toBe(true);
      }
    }
  });

  it('links the demo creator accounts to Maya Chen and Daniel Okafor, once', async () => {
    await seedDemo(ctx.db, testLog);
    const links = await ctx.db
      .selectFrom('creator_accounts')
      .select(['user_id', 'creator_id', 'email'])
      .orderBy('user_id')
      .execute();
    expect(links).toEqual([
      {
        user_id: demoCreatorAccounts.creator.id,
        creator_id: demoId('creator', 'maya-chen'),
        email: 'creator@catalyst.example',
      },
      {
        user_id: demoCreatorAccounts.creator2.id,
        creator_id: demoId('creator', 'daniel-okafor'),
        email: 'creator2@catalyst.example',
      },
    ]);
  });

  it('changes nothing when run again', async () => {
    const before = await ctx.db
      .selectFrom('products')
      .select(['id', 'product_id', 'updated_at'])
      .orderBy('id')
      .execute();
    await seedDemo(ctx.db, testLog);
    const after = await ctx.db
      .selectFrom('products')
      .select(['id', 'product_id', 'updated_at'])
      .orderBy('id')
      .execute();
    expect(after).toEqual(before);
  });

  it('gives every demo course a curriculum: sections of at least four lessons, one free preview, PDF resources', async () => {
    // every product typed course is a demo course with a curriculum, and every demo course is such a product
    expect(
      demoProducts
        .filter((p) => p.type === 'course')
        .map((p) => p.slug)
        .sort(),
    ).toEqual([...courseSlugs].sort());
    for (const course of DEMO_COURSES) {
      const productId = demoId('product', course.slug);
      const { status, body } = await ctx.call(
        'anonymous',
        'GET',
        `/content/products/${course.slug}/curriculum`,
      );
      expect(status, course.slug).toBe(200);
      const outline: CurriculumOutline = body.data;
      expect(outline.sections.length).toBeGreaterThanOrEqual(2);
      expect(outline.sections.length).toBeLessThanOrEqual(3);
      expect(outline.lessonCount).toBeGreaterThanOrEqual(4);
      expect(outline.lessonCount).toBeLessThanOrEqual(8);
      // the ids progress and the player derive without asking
      expect(outline.sections.map((s) => s.id)).toEqual(
        course.sections.map((s) => demoSectionId(course.slug, s.key)),
      );
      const lessons = outline.sections.flatMap((s) => s.lessons);
      expect(lessons.map((l) => l.id)).toEqual(
        course.sections.flatMap((s) => s.lessons.map((l) => demoLessonId(course.slug, l.key))),
      );
      expect(
        lessons.filter((l) => l.isFreePreview),
        course.slug,
      ).toHaveLength(1);
      expect(lessons.filter((l) => l.resourceCount > 0).length, course.slug).toBeGreaterThanOrEqual(1);
      expect(lessons.filter((l) => l.kind === 'video').length, course.slug).toBeGreaterThanOrEqual(2);
      expect(outline.durationSeconds).toBe(courseSeconds(course.slug));

      const editor: AdminCurriculum = (await ctx.admin('GET', `/admin/products/${productId}/curriculum`)).body
        .data;
      for (const [lesson, demo] of editor.sections
        .flatMap((s) => s.lessons)
        .map((l, i) => [l, course.sections.flatMap((s) => s.lessons)[i]!] as const)) {
        if (demo.kind === 'video') {
          expect(lesson).toMatchObject({
            videoUrl: demo.video,
            mediaAssetId: demoAssetId(demo.video!),
            durationSeconds: Math.round(secondsOf(demo.video!)),
            body: null,
          });
        } else if (demo.kind === 'quiz') {
          expect(lesson).toMatchObject({
            videoUrl: null,
            mediaAssetId: null,
            body: null,
            durationSeconds: demo.readingSeconds,
          });
          // the ids progress derives to grade the demo member's attempt, the answers from `correct`
          expect(lesson.quiz).toEqual({
            passPercent: demo.quiz!.passPercent,
            questions: demo.quiz!.questions.map((q: DemoQuizQuestion) => ({
              id: demoQuestionId(course.slug, demo.key, q.key),
              kind: q.kind,
              prompt: q.prompt,
              options: q.options.map((o: DemoQuizOption) => ({
                id: demoOptionId(course.slug, demo.key, q.key, o.key),
                text: o.text,
                isCorrect: o.correct ?? false,
              })),
              explanation: q.explanation ?? null,
            })),
          });
        } else {
          expect(lesson).toMatchObject({
            videoUrl: null,
            mediaAssetId: null,
            durationSeconds: demo.readingSeconds,
            quiz: null,
          });
          expect(lesson.body).toMatch(/^<h2>/);
        }
        expect(lesson.resources.map((r) => [r.mediaAssetId, r.fileName, r.mimeType, r.size])).toEqual(
          (demo.resources ?? []).map((r: { file: string }) => [
            demoAssetId(r.file),
            path.basename(r.file),
            'application/pdf',
            statSync(path.join(repoRoot, r.file)).size,
          ]),
        );
      }
    }
    // every demo resource is a PDF in the repository, used by a lesson
    for (const file of DEMO_RESOURCE_FILES)
      expect(statSync(path.join(repoRoot, file)).size, file).toBeGreaterThan(0);
  });

  it('leaves every demo product that is not a course without a curriculum', async () => {
    for (const p of demoProducts.filter((product) => product.type !== 'course')) {
      const { body } = await ctx.call('anonymous', 'GET', `/content/products/${p.slug}/curriculum`);
      expect(body.data.sections, p.slug).toEqual([]);
    }
  });

  it('gives every demo document its text to read: headings, paragraphs, a few hundred words, no video', async () => {
    const documents = demoProducts.filter((p) => p.type === 'document');
    expect(Object.keys(demoDocuments).sort()).toEqual(documents.map((p) => p.slug).sort());
    for (const p of documents) {
      const { status, body } = await ctx.call('admin', 'GET', `/content/premium/products/${p.slug}`);
      expect(status, p.slug).toBe(200);
      const product: ProductDetail = body.data;
      expect(product.videoUrl, p.slug).toBeNull();
      const content = product.content!;
      expect(content).toContain(`<h2>${p.title}</h2>`);
      expect(content.match(/<h3>/g)!.length, p.slug).toBeGreaterThanOrEqual(3);
      const words = content
        .slice(content.indexOf('<h2>'))
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length;
      expect(words, p.slug).toBeGreaterThanOrEqual(120);
    }
  });

  it("gives every demo webinar its recorded session (the product's video) and points to the next one", async () => {
    const webinars = demoProducts.filter((p) => p.type === 'webinar');
    expect(DEMO_WEBINARS.map((w) => w.slug).sort()).toEqual(webinars.map((p) => p.slug).sort());
    const recorded = demoWebinarRecordedStart(seededAt);
    for (const p of webinars) {
      const { body } = await ctx.call('admin', 'GET', `/content/premium/products/${p.slug}`);
      const product: ProductDetail = body.data;
      expect(new URL(product.videoUrl!, 'http://gateway.test').pathname).toBe(demoVideoFor(p.slug));
      expect(product.content).toContain(`<strong>Recorded:</strong> ${sessionDate(recorded)}, hosted by`);
      // written out the same wherever it runs: 'Saturday 28 November 2026, 17:00 UTC'
      expect(product.content).toMatch(
        /<strong>Recorded:<\/strong> [A-Z][a-z]+day \d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d UTC, hosted by/,
      );
      expect(product.content).toContain('<strong>Next live session:</strong> scheduled below');
    }
  });

  it('finds demo products by a search over titles, descriptions and tags', async () => {
    const res = (await (await ctx.app.request('/content/products?search=postgresql')).json()) as {
      data: Page<PublicProduct>;
    };
    expect(res.data.items.map((p) => p.slug)).toEqual(
      expect.arrayContaining(['node-js-rest-apis', 'scaling-postgres-webinar', 'sql-for-analysts']),
    );
  });
});

describe("a product's exact length after an admin's edits", () => {
  it('stays while the minutes and the video stay, goes when either changes, and follows a saved curriculum', async () => {
    const clip = demoId('product', 'typescript-for-javascript-developers');
    const read = async () => (await ctx.admin('GET', `/admin/products/${clip}`)).body.data;
    const before = await read();
    expect(before.durationSeconds).toBeGreaterThan(0);
    const { _id, productId, createdAt, createdBy, durationSeconds, ...form } = before;
    expect(
      (await ctx.admin('PUT', `/admin/products/${clip}`, { ...form, title: 'TypeScript, renamed' })).status,
    ).toBe(200);
    expect((await read()).durationSeconds).toBe(durationSeconds);
    expect((await ctx.admin('PUT', `/admin/products/${clip}`, { ...form, duration: 14 })).status).toBe(200);
    expect(await read()).toMatchObject({ duration: 14, durationSeconds: null });

    // a curriculum saved with every lesson's length known: the product lasts exactly their total
    const course = demoId('product', 'mastering-workshop');
    const { version } = (await ctx.admin('GET', `/admin/products/${course}/curriculum`)).body
      .data as AdminCurriculum;
    const article = (title: string, durationSeconds: number) => ({
      title,
      kind: 'article',
      body: `<p>${title}</p>`,
      durationSeconds,
      isFreePreview: false,
      resources: [],
    });
    const saved = await ctx.admin('PUT', `/admin/products/${course}/curriculum`, {
      version,
      sections: [{ title: 'Reading', lessons: [article('One', 120), article('Two', 45)] }],
    });
    expect(saved.status, JSON.stringify(saved.body).slice(0, 300)).toBe(200);
    expect((await ctx.admin('GET', `/admin/products/${course}`)).body.data).toMatchObject({
      duration: 3,
      durationSeconds: 165,
    });
  });
});

describe('demo curricula when a resource file is missing', () => {
  it('seeds the lesson without it and says so, never failing the seed', async () => {
    // A media root with the demo videos and only the first PDF.
    const root = mkdtempSync(path.join(tmpdir(), 'catalyst-media-'));
    const other = await createTestContext();
    try {
      mkdirSync(path.join(root, 'media/resources'), { recursive: true });
      symlinkSync(path.join(repoRoot, 'media/videos'), path.join(root, 'media/videos'));
      const [kept, ...missing] = DEMO_RESOURCE_FILES;
      cpSync(path.join(repoRoot, kept!), path.join(root, kept!));
      const lines: Array<{ msg: string; file?: string }> = [];
      const log = createLogger('test', 'warn', {
        write: (line: string) => void lines.push(JSON.parse(line)),
      });
      await seedDemo(other.db, log, { mediaRoot: root });
      const files = (await other.db.selectFrom('lesson_resources').select('file_name').execute()).map(
        (r) => r.file_name,
      );
      expect(files).toEqual([path.basename(kept!)]);
      expect(
        lines
          .filter((l) => l.msg.startsWith('demo resource missing'))
          .map((l) => l.file)
          .sort(),
      ).toEqual([...missing].sort());
      // every lesson is still there
      expect(await other.db.selectFrom('course_lessons').select('id').execute()).toHaveLength(
        DEMO_COURSES.flatMap((c) => c.sections.flatMap((s) => s.lessons)).length,
      );
    } finally {
      await other.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('demo learning paths', () => {
  it('publishes two paths built from the demo catalogue, their items in order', async () => {
    const { body } = await ctx.call('anonymous', 'GET', '/content/paths');
    expect(body.data.map((p: { slug: string; itemCount: number }) => [p.slug, p.itemCount])).toEqual([
      ['start-with-the-web', 3],
      ['data-analysis-start-to-finish', 4],
    ]);
    const path = (await ctx.call('anonymous', 'GET', '/content/paths/data-analysis-start-to-finish')).body
      .data;
    expect(path.items.map((i: { slug: string; type: string }) => `${i.slug} (${i.type})`)).toEqual([
      'python-for-data-analysis (video)',
      'sql-for-analysts (tutorial)',
      'statistics-without-tears (video)',
      'machine-learning-foundations (course)',
    ]);
  });

  it('writes them once: the migration for installs seeded before adds nothing to a fresh seed', async () => {
    expect(await seedDemoPaths(ctx.db)).toBe(0);
    const items = await ctx.db.selectFrom('learning_path_items').select('path_id').execute();
    expect(items).toHaveLength(7);
  });
});
