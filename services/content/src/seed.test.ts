import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DIFFICULTIES,
  PRODUCT_TYPES,
  type AdminCurriculum,
  type Category,
  type CurriculumOutline,
  type Page,
  type PremiumProduct,
  type PublicProduct,
} from '@catalyst/contracts';
import {
  DEMO_COURSES,
  DEMO_RESOURCE_FILES,
  createLogger,
  demoAssetId,
  demoLessonId,
  demoOptionId,
  demoQuestionId,
  demoSectionId,
  ffprobePath,
  type DemoQuizOption,
  type DemoQuizQuestion,
} from '@catalyst/service-kit';
import { identityHeaders, testLog, testUsers } from '@catalyst/service-kit/testing';
import { execFileSync } from 'node:child_process';
import { demoId, seedDemo } from './seed';
import { createTestContext } from './test-support';

let ctx: Awaited<ReturnType<typeof createTestContext>>;
beforeAll(async () => {
  ctx = await createTestContext();
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

  it("gives every product its own lesson's real length (ffprobe), a course its curriculum's, never a made-up one", async () => {
    const res = await ctx.app.request('/content/premium/products?limit=100', {
      headers: identityHeaders(testUsers.admin),
    });
    const items = ((await res.json()) as { data: Page<PremiumProduct> }).data.items;
    for (const p of items) {
      const lesson = secondsOf(new URL(p.videoUrl!, 'http://gateway.test').pathname);
      expect(lesson).toBeGreaterThan(5);
      // whole minutes (spec), a lesson under a minute counting as one
      const seconds = courseSlugs.has(p.slug) ? courseSeconds(p.slug) : lesson;
      expect(p.duration, p.slug).toBe(Math.max(1, Math.ceil(seconds / 60)));
    }
    // the lessons differ, and the catalogue uses every one of them
    expect(new Set(items.map((p) => new URL(p.videoUrl!, 'http://gateway.test').pathname)).size).toBe(5);
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
      // the video address is signed for the caller: the file is its path
      for (const url of [p.thumbnail!, new URL(p.videoUrl!, 'http://gateway.test').pathname]) {
        expect(url).toMatch(/^\/media\//);
        expect(existsSync(path.join(repoRoot, url)), url).toBe(true);
      }
    }
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

  it('gives three demo courses 2–3 sections of 4–8 lessons: measured videos, articles, a quiz, free previews and PDF resources', async () => {
    expect(DEMO_COURSES).toHaveLength(3);
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
      expect(lessons.some((l) => l.isFreePreview)).toBe(true);
      expect(new Set(lessons.map((l) => l.kind))).toEqual(new Set(['video', 'article', 'quiz']));
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

  it('leaves single-video demo products without a curriculum', async () => {
    const { body } = await ctx.call('anonymous', 'GET', '/content/products/node-js-rest-apis/curriculum');
    expect(body.data.sections).toEqual([]);
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
