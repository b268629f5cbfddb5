import type { Kysely } from 'kysely';
import { createLogger, demoEntityId, type MigrationDb } from '@catalyst/service-kit';
import { DEMO_COURSES, DEMO_MEDIA_ROOT, demoWebinarRecordedStart, measureDemoVideos } from '@catalyst/demo';
import type { Database } from '../db/schema';
import { demoCreators, demoProducts, howItWorks } from '../demo/catalog';
import { demoDocuments } from '../demo/documents';
import { sanitizeContent } from '../products/sanitize-content';
import { readingMinutes, seedDemoCurricula, webinarSessionsHtml } from '../seed';

// A demo catalogue that tells the truth (issue 52, item 3), for installs seeded before it: a fresh seed
// already writes all of this. Only demo rows are touched (a demo product's fixed id and its slug), and only
// what the old seed wrote: a text an admin changed is left as it is, a course an admin gave lessons keeps them.
// - Every demo course without a curriculum gets its demo curriculum (DEMO_COURSES; the media service adds
//   the new worksheets as assets on its next start), and its "How it works" says what the curriculum holds.
// - Three single clips typed course become videos, with the description and text of one.
// - Every demo document gets its text, loses the unrelated clip, and lasts its reading time.
// - Every demo webinar says which session its recording is (the community service schedules the next one).
// Frozen once landed: add a new migration instead.

/** "How it works" as the seed wrote it before this migration. */
export const BEFORE = {
  course:
    'Work through the lessons in order, at your own pace: your position is saved as you go, so you can stop and pick up where you left off on any device. Each section ends with a short exercise — try it before moving on.',
  document:
    'A written guide to read at your own pace and come back to whenever you need it. The short video walks through its key points; mark it complete once you have read it through.',
  webinar:
    'The recording of a live session, audience questions included. Watch at your own pace: your position is saved as you go, so you can pick up where you left off on any device.',
};

/** The single clips that were typed course, and their descriptions as the seed wrote them. */
const RETYPED: Record<string, string> = {
  'html-css-from-scratch':
    'Build your first responsive website with semantic HTML and modern CSS, step by step.',
  'modern-javascript-essentials':
    'Variables, functions, modules, promises and async/await: the JavaScript you actually use every day.',
  'python-for-data-analysis': 'Load, clean, reshape and visualise real datasets with pandas and matplotlib.',
};

const paragraph = (text: string) => `<p>${text}</p>`;

export async function up(db: MigrationDb): Promise<void> {
  const rows: Array<{ id: string; slug: string; type: string; description: string; content: string | null }> =
    await db
      .selectFrom('products')
      .select(['id', 'slug', 'type', 'description', 'content'])
      .where(
        'id',
        'in',
        demoProducts.map((p) => demoEntityId('product', p.slug)),
      )
      .execute();
  const demo = new Map(demoProducts.map((p) => [p.slug, p]));
  const creators = new Map(demoCreators.map((c) => [c.slug, c.name]));
  const now = Date.now();
  const courses: string[] = [];
  for (const row of rows) {
    const p = demo.get(row.slug);
    // a demo id under another slug is not the demo's product
    if (!p || row.id !== demoEntityId('product', p.slug)) continue;
    let content = row.content;
    const replace = (from: string, to: string) => {
      if (content?.includes(paragraph(from))) content = content.replace(paragraph(from), paragraph(to));
    };
    const set: Record<string, unknown> = {};
    if (RETYPED[p.slug] !== undefined && row.type === 'course') {
      const sections = await db
        .selectFrom('course_sections')
        .select('id')
        .where('product_id', '=', row.id)
        .limit(1)
        .execute();
      if (sections.length > 0) continue; // an admin made it a course: it is one
      set.type = p.type;
      if (row.description === RETYPED[p.slug]) set.description = p.description;
      replace(BEFORE.course, howItWorks[p.type]);
    } else if (p.type === 'course' && row.type === 'course') {
      courses.push(p.slug);
      replace(BEFORE.course, howItWorks.course);
    } else if (p.type === 'document' && row.type === 'document') {
      const text = demoDocuments[p.slug];
      if (content?.includes(paragraph(BEFORE.document)) && text) {
        replace(BEFORE.document, howItWorks.document);
        content = `${content}\n<hr>\n${text}`;
        Object.assign(set, { video_url: null, media_asset_id: null, duration: readingMinutes(text) });
      }
    } else if (p.type === 'webinar' && row.type === 'webinar') {
      if (content?.includes(paragraph(BEFORE.webinar))) {
        replace(BEFORE.webinar, howItWorks.webinar);
        content = `${content}\n${webinarSessionsHtml(creators.get(p.creator) ?? p.creator, demoWebinarRecordedStart(now))}`;
      }
    }
    if (content !== row.content) set.content = sanitizeContent(content);
    if (Object.keys(set).length > 0)
      await db
        .updateTable('products')
        .set({ ...set, updated_at: new Date(now) })
        .where('id', '=', row.id)
        .execute();
  }

  // Curricula for the demo courses that have none (seeded before they were written).
  const withSections = new Set(
    (
      await db
        .selectFrom('course_sections')
        .select('product_id')
        .where(
          'product_id',
          'in',
          courses.length > 0 ? courses.map((slug) => demoEntityId('product', slug)) : [''],
        )
        .execute()
    ).map((r: { product_id: string }) => r.product_id),
  );
  const missing = DEMO_COURSES.filter(
    (c) => courses.includes(c.slug) && !withSections.has(demoEntityId('product', c.slug)),
  );
  if (missing.length === 0) return;
  const log = createLogger('content', 'warn');
  const lessonSeconds = await measureDemoVideos(
    (video, error) =>
      log.warn({ video, err: error.message }, 'demo lesson not measured: its lessons get no duration'),
    DEMO_MEDIA_ROOT,
  );
  await seedDemoCurricula(db as Kysely<Database>, missing, lessonSeconds, DEMO_MEDIA_ROOT, log);
}

export async function down(): Promise<void> {
  // The demo rows keep their curricula and texts: they are what the catalogue is.
}
