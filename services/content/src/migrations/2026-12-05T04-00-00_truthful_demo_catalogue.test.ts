import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, demoEntityId, migrateToLatest, type MigrationDb } from '@catalyst/service-kit';
import { DEMO_COURSES, demoAssetId, demoLessonId, demoVideoFor } from '@catalyst/demo';
import { createTestDatabase, testLog } from '@catalyst/service-kit/testing';
import { demoProducts, howItWorks } from '../demo/catalog';
import { seedDemo } from '../seed';
import { SCHEMA } from '../setup';
import { BEFORE, up } from './2026-12-05T04-00-00_truthful_demo_catalogue';
import { migrations } from './index';

const NAME = '2026-12-05T04-00-00_truthful_demo_catalogue';

const para = (text: string) => `<p>${text}</p>`;
const id = (slug: string) => demoEntityId('product', slug);
/** Two demo courses the old seed left without a curriculum, and one it gave one. */
const BARE = ['node-js-rest-apis', 'photography-basics'];
const RETYPED = {
  'html-css-from-scratch':
    'Build your first responsive website with semantic HTML and modern CSS, step by step.',
};
const CUSTOM = '0000000000000000000e0001';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: MigrationDb;
type Row = {
  id: string;
  slug: string;
  type: string;
  description: string;
  content: string | null;
  video_url: string | null;
  media_asset_id: string | null;
  duration: number | null;
};
let fresh: Map<string, Row>;
const productRows = async (): Promise<Map<string, Row>> =>
  new Map(
    (
      await db
        .selectFrom('products')
        .select(['id', 'slug', 'type', 'description', 'content', 'video_url', 'media_asset_id', 'duration'])
        .execute()
    ).map((r: Row) => [r.slug, r]),
  );
const lessonIds = async (slug: string) =>
  (
    await db
      .selectFrom('course_lessons')
      .select('id')
      .where('product_id', '=', id(slug))
      .orderBy('id')
      .execute()
  ).map((r: { id: string }) => r.id);
/** A webinar's recorded date is when its text was written: compared without it. */
const undated = (content: string | null) =>
  content?.replace(/<strong>Recorded:<\/strong> [^,]+, [^,]+,/, 'DATE');

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: SCHEMA, poolSize: 2 });
  // (the schema as it is today, so today's seed can write it; the migration is run by hand below)
  await migrateToLatest(db, SCHEMA, migrations);
  // What a fresh seed writes today ...
  await seedDemo(db, testLog);
  fresh = await productRows();
  // ... taken back to what the seed wrote before the demo catalogue told the truth.
  for (const p of demoProducts) {
    const row = fresh.get(p.slug)!;
    let content = row.content!;
    const set: Record<string, unknown> = {};
    if (p.type === 'document') {
      content = content
        .slice(0, content.indexOf('\n<hr'))
        .replace(para(howItWorks.document), para(BEFORE.document));
      const video = demoVideoFor(p.slug);
      Object.assign(set, { video_url: video, media_asset_id: demoAssetId(video), duration: 1 });
    } else if (p.type === 'webinar') {
      content = content
        .slice(0, content.indexOf('\n<h3>Sessions'))
        .replace(para(howItWorks.webinar), para(BEFORE.webinar));
    } else if (p.type === 'course') content = content.replace(para(howItWorks.course), para(BEFORE.course));
    else if (p.slug in RETYPED) {
      content = content.replace(para(howItWorks.video), para(BEFORE.course));
      Object.assign(set, { type: 'course', description: RETYPED[p.slug as keyof typeof RETYPED] });
    }
    await db
      .updateTable('products')
      .set({ ...set, content })
      .where('id', '=', row.id)
      .execute();
  }
  await db.deleteFrom('course_sections').where('product_id', 'in', BARE.map(id)).execute();
  // an admin rewrote one document's text, and made a course of their own (no curriculum yet)
  await db
    .updateTable('products')
    .set({ content: '<p>Our own text.</p>' })
    .where('id', '=', id('camera-buying-guide'))
    .execute();
  const demoRow = fresh.get('node-js-rest-apis')!;
  await db
    .insertInto('products')
    .values({
      id: CUSTOM,
      product_id: 'CUSTOM01',
      slug: 'our-own-course',
      title: 'Our own course',
      description: 'Ours.',
      content: `<h3>How it works</h3>\n${para(BEFORE.course)}`,
      category_id: (
        await db
          .selectFrom('products')
          .select('category_id')
          .where('id', '=', demoRow.id)
          .executeTakeFirstOrThrow()
      ).category_id,
      creator_id: (
        await db
          .selectFrom('products')
          .select('creator_id')
          .where('id', '=', demoRow.id)
          .executeTakeFirstOrThrow()
      ).creator_id,
      type: 'course',
    })
    .execute();
  expect(await lessonIds('node-js-rest-apis')).toEqual([]);
  await up(db);
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe(NAME, () => {
  it('gives an install seeded before what a fresh seed gives: curricula, documents, webinar sessions, types', async () => {
    const now = await productRows();
    for (const p of demoProducts) {
      if (p.slug === 'camera-buying-guide') continue;
      const [was, is] = [fresh.get(p.slug)!, now.get(p.slug)!];
      expect({ ...is, content: undefined }, p.slug).toEqual({ ...was, content: undefined });
      expect(undated(is.content), p.slug).toBe(undated(was.content));
    }
    for (const slug of BARE) {
      const course = DEMO_COURSES.find((c) => c.slug === slug)!;
      expect(await lessonIds(slug)).toEqual(
        course.sections.flatMap((s) => s.lessons.map((l) => demoLessonId(slug, l.key))).sort(),
      );
    }
  });

  it('leaves what an admin wrote, and products that are not the demo, as they were', async () => {
    const now = await productRows();
    expect(now.get('camera-buying-guide')!.content).toBe('<p>Our own text.</p>');
    expect(now.get('our-own-course')!.content).toBe(`<h3>How it works</h3>\n${para(BEFORE.course)}`);
    expect(
      await db.selectFrom('course_sections').select('id').where('product_id', '=', CUSTOM).execute(),
    ).toEqual([]);
  });
});
