import { statSync } from 'node:fs';
import path from 'node:path';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  demoAccounts,
  demoCreatorAccounts,
  demoThumbnailUrl,
  minutesOf,
  MONTH_NAMES,
  WEEKDAY_NAMES,
  type AdminQuiz,
} from '@catalyst/contracts';
import { demoEntityId, demoProductCode, type Logger } from '@catalyst/service-kit';
import {
  DEMO_COURSES,
  DEMO_MEDIA_ROOT,
  demoAssetId,
  demoLessonId,
  demoLessonSeconds,
  demoOptionId,
  demoQuestionId,
  demoResourceId,
  demoSectionId,
  demoVideoFor,
  demoWebinarRecordedStart,
  measureDemoVideos,
  type DemoCourse,
  type DemoLesson,
} from '@catalyst/demo';
import type { Database } from './db/schema';
import { demoCategories, demoCreators, demoProducts, howItWorks } from './demo/catalog';
import { demoDocuments } from './demo/documents';
import { seedDemoPaths } from './demo/paths';
import { sanitizeContent } from './products/sanitize-content';
import { loadCaptions } from './search/captions';

/** Demo ids are derived from slugs, so every fresh start has the same ids (stable links in tests and notes). */
export const demoId = demoEntityId;
export const demoProductId = demoProductCode;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const CATALOG_START = Date.parse('2026-03-02T09:00:00Z');

/** A date as the page writes it, in UTC, whatever the locale data: 'Saturday 28 November 2026, 17:00 UTC'. */
export const sessionDate = (date: Date): string =>
  `${WEEKDAY_NAMES[date.getUTCDay()]} ${date.getUTCDate()} ${MONTH_NAMES[date.getUTCMonth()]} ${date.getUTCFullYear()}, ${date.toISOString().slice(11, 16)} UTC`;

/** A document's reading time in whole minutes, at 200 words a minute. */
export const readingMinutes = (html: string): number =>
  Math.max(
    1,
    Math.ceil(
      html
        .replace(/<[^>]+>/g, ' ')
        .split(/\s+/)
        .filter(Boolean).length / 200,
    ),
  );

/** A demo webinar's sessions: the recorded one (the product's video) and where the next one is. */
export const webinarSessionsHtml = (creatorName: string, recordedAt: Date): string =>
  [
    `<h3>Sessions</h3>`,
    `<ul><li><strong>Recorded:</strong> ${sessionDate(recordedAt)}, hosted by ${creatorName}. The recording plays above.</li><li><strong>Next live session:</strong> scheduled below, with its date, time and a calendar invitation.</li></ul>`,
  ].join('\n');

/**
 * The product's HTML content. The page shows the description above it, so the content never repeats it. A
 * document's content ends with the document itself; a webinar's says which session its recording is.
 */
function lessonHtml(p: (typeof demoProducts)[number], creatorName: string, seededAt: number): string {
  const outcomes = p.outcomes.map((o) => `<li>${o}</li>`).join('');
  const own =
    p.type === 'document'
      ? [`<hr>`, demoDocuments[p.slug] ?? '']
      : p.type === 'webinar'
        ? [webinarSessionsHtml(creatorName, demoWebinarRecordedStart(seededAt))]
        : [];
  return [
    `<h3>What you will learn</h3>`,
    `<ul>${outcomes}</ul>`,
    `<h3>How it works</h3>`,
    `<p>${howItWorks[p.type]}</p>`,
    `<blockquote><p>“Small, steady steps beat occasional marathons.” — ${creatorName}</p></blockquote>`,
    `<h3>Before you start</h3>`,
    `<p>${p.difficulty === 'beginner' ? 'No prior experience is needed.' : p.difficulty === 'intermediate' ? 'You should be comfortable with the basics of the topic.' : 'This material assumes solid hands-on experience.'} Topics covered: ${p.tags.map((t) => `<code>${t}</code>`).join(', ')}.</p>`,
    ...own,
  ].join('\n');
}

/**
 * Demo data for the content schema; only fills empty tables, so a second start changes nothing. `mediaRoot`
 * is where the `/media/...` files are read from (the repository root; tests point it elsewhere).
 */
export async function seedDemo(
  db: Kysely<Database>,
  log: Logger,
  { mediaRoot = DEMO_MEDIA_ROOT }: { mediaRoot?: string } = {},
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    // Serialise concurrent seeders (two starts at once) on one advisory lock.
    await sql`select pg_advisory_xact_lock(hashtext('content-demo-seed'))`.execute(trx);
    const { count } = await trx
      .selectNoFrom(() =>
        sql<number>`(select count(*) from categories) + (select count(*) from creators) + (select count(*) from products)`.as(
          'count',
        ),
      )
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) {
      log.info('content tables already hold data; demo seed skipped');
      return;
    }
    // Search finds what the demo videos say: their captions are read before the products that play them.
    await loadCaptions(trx, mediaRoot);
    // Each product's duration is its lesson's real length; an unmeasurable lesson leaves it unknown.
    const lessonSeconds = await measureDemoVideos(
      (video, error) =>
        log.warn({ video, err: error.message }, 'demo lesson not measured; its products get no duration'),
      mediaRoot,
    );
    const admin = demoAccounts.admin;
    const seededAt = Date.now();
    await trx
      .insertInto('categories')
      .values(
        demoCategories.map((c, i) => ({
          id: demoId('category', c.slug),
          name: c.name,
          description: c.description,
          slug: c.slug,
          icon: c.icon,
          color: c.color,
          sort_order: i,
          created_at: new Date(CATALOG_START + i * DAY),
        })),
      )
      .execute();
    await trx
      .insertInto('creators')
      .values(
        demoCreators.map((c, i) => ({
          id: demoId('creator', c.slug),
          name: c.name,
          description: c.description,
          slug: c.slug,
          icon: c.icon,
          color: c.color,
          sort_order: i,
          created_at: new Date(CATALOG_START + i * 3 * DAY),
        })),
      )
      .execute();
    const profiles = demoCreators.filter((c) => c.links?.length);
    if (profiles.length > 0)
      await trx
        .insertInto('creator_profiles')
        .values(
          profiles.map((c) => ({ creator_id: demoId('creator', c.slug), links: JSON.stringify(c.links) })),
        )
        .execute();
    const creatorNames = new Map(demoCreators.map((c) => [c.slug, c.name]));
    const perCategory = new Map<string, number>();
    await trx
      .insertInto('products')
      .values(
        demoProducts.map((p, i) => {
          const position = perCategory.get(p.category) ?? 0;
          perCategory.set(p.category, position + 1);
          const creatorName = creatorNames.get(p.creator) ?? p.creator;
          // A document is read, not watched: no video, and it lasts its reading time.
          const document = p.type === 'document' ? (demoDocuments[p.slug] ?? null) : null;
          const video = p.type === 'document' ? null : demoVideoFor(p.slug);
          const seconds = video ? lessonSeconds.get(video) : undefined;
          return {
            id: demoId('product', p.slug),
            product_id: demoProductId(p.slug),
            slug: p.slug,
            title: p.title,
            description: p.description,
            content: sanitizeContent(lessonHtml(p, creatorName, seededAt)),
            category_id: demoId('category', p.category),
            creator_id: demoId('creator', p.creator),
            type: p.type,
            difficulty: p.difficulty,
            duration: document ? readingMinutes(document) : seconds === undefined ? null : minutesOf(seconds),
            // a video's exact measured length (a document lasts its reading time, in minutes)
            duration_seconds: document || seconds === undefined ? null : Math.round(seconds),
            thumbnail: demoThumbnailUrl(p.slug),
            video_url: video,
            media_asset_id: video ? demoAssetId(video) : null,
            tags: p.tags,
            price: p.price,
            instructor: creatorName,
            enrolled_students:
              (parseInt(demoEntityId('product', `students:${p.slug}`).slice(0, 6), 16) % 4800) + 120,
            is_published: true,
            is_featured: p.featured ?? false,
            sort_order: position,
            created_by_id: admin.id,
            created_by_name: admin.name,
            created_by_email: admin.email,
            // Spread over the six months before the seed, so "recently added" has something to sort and the
            // newest four (one each in design, business, photography and music) are inside the 'New' window.
            created_at: new Date(seededAt - (47 - ((i * 7) % 48)) * 4 * DAY - i * HOUR),
          };
        }),
      )
      .execute();
    const courses = await seedDemoCurricula(trx, DEMO_COURSES, lessonSeconds, mediaRoot, log, {
      exactSeconds: true,
    });
    const paths = await seedDemoPaths(trx);
    log.info(
      {
        categories: demoCategories.length,
        creators: demoCreators.length,
        products: demoProducts.length,
        courses,
        paths,
      },
      'demo catalogue seeded',
    );
  });
  await linkDemoCreatorAccounts(db);
}

/**
 * The demo creators' accounts, linked to their creator profiles on every start (a catalogue seeded before the
 * studio gets them too); a link already there, or a profile an admin deleted, is left as it is.
 */
export async function linkDemoCreatorAccounts(db: Kysely<Database>): Promise<void> {
  for (const account of Object.values(demoCreatorAccounts)) {
    const creatorId = demoId('creator', account.creatorSlug);
    await db
      .insertInto('creator_accounts')
      .columns(['user_id', 'creator_id', 'email', 'name'])
      .expression((eb) =>
        eb
          .selectFrom('creators')
          .select([
            eb.val(account.id).as('user_id'),
            'id as creator_id',
            eb.val(account.email).as('email'),
            eb.val(account.name).as('name'),
          ])
          .where('id', '=', creatorId),
      )
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
  }
}

/** A demo quiz as content keeps it: ids derived from its keys (progress and the tests derive the same), answers from `correct`. */
export function demoQuizOf(courseSlug: string, lesson: DemoLesson): AdminQuiz | null {
  if (lesson.kind !== 'quiz' || !lesson.quiz) return null;
  return {
    passPercent: lesson.quiz.passPercent,
    questions: lesson.quiz.questions.map((question) => ({
      id: demoQuestionId(courseSlug, lesson.key, question.key),
      kind: question.kind,
      prompt: question.prompt,
      options: question.options.map((option) => ({
        id: demoOptionId(courseSlug, lesson.key, question.key, option.key),
        text: option.text,
        isCorrect: option.correct ?? false,
      })),
      explanation: question.explanation ?? null,
    })),
  };
}

/**
 * The demo courses' curricula (DEMO_COURSES), inside the first seed's transaction: sections, lessons (a
 * video lesson plays its demo video, the asset media makes of it, for its measured length; an article or a
 * quiz its reading time; a quiz its questions) and PDF resources (the asset media makes of each file, its real size; a file not there is
 * skipped with a warning). Each course's duration becomes its curriculum's total. Answers the courses seeded.
 */
export async function seedDemoCurricula(
  trx: Transaction<Database> | Kysely<Database>,
  courses: readonly DemoCourse[],
  lessonSeconds: Map<string, number>,
  mediaRoot: string,
  log: Logger,
  /**
   * Whether to write the products' exact lengths: the seed does; the demo catalogue migration, which runs
   * before products have the column (2026-12-05T05-00-00_product_duration_seconds fills it), does not.
   */
  { exactSeconds = false }: { exactSeconds?: boolean } = {},
): Promise<number> {
  const sizeOf = new Map<string, number | null>();
  const fileSize = (file: string) => {
    if (!sizeOf.has(file)) {
      try {
        sizeOf.set(file, statSync(path.join(mediaRoot, file)).size);
      } catch (error) {
        log.warn(
          { file, err: (error as Error).message },
          'demo resource missing: its lesson is seeded without it',
        );
        sizeOf.set(file, null);
      }
    }
    return sizeOf.get(file) ?? null;
  };
  let seeded = 0;
  for (const course of courses) {
    const productId = demoId('product', course.slug);
    const product = await trx
      .selectFrom('products')
      .select('id')
      .where('id', '=', productId)
      .executeTakeFirst();
    if (!product) {
      log.warn({ course: course.slug }, 'demo course has no demo product: its curriculum is not seeded');
      continue;
    }
    const sections = course.sections.map((section, position) => ({
      id: demoSectionId(course.slug, section.key),
      product_id: productId,
      title: section.title,
      position,
    }));
    const lessons = course.sections.flatMap((section) =>
      section.lessons.map((lesson, position) => ({
        id: demoLessonId(course.slug, lesson.key),
        section_id: demoSectionId(course.slug, section.key),
        product_id: productId,
        title: lesson.title,
        kind: lesson.kind,
        position,
        duration_seconds: demoLessonSeconds(lesson, lessonSeconds),
        is_free_preview: lesson.isFreePreview ?? false,
        video_url: lesson.kind === 'video' ? (lesson.video ?? null) : null,
        media_asset_id: lesson.kind === 'video' && lesson.video ? demoAssetId(lesson.video) : null,
        body: lesson.kind === 'article' ? sanitizeContent(lesson.body ?? null) : null,
        quiz: lesson.kind === 'quiz' ? JSON.stringify(demoQuizOf(course.slug, lesson)) : null,
      })),
    );
    const resources = course.sections.flatMap((section) =>
      section.lessons.flatMap((lesson) =>
        (lesson.resources ?? [])
          .flatMap((resource) => {
            const size = fileSize(resource.file);
            return size === null
              ? []
              : [
                  {
                    id: demoResourceId(course.slug, lesson.key, resource.key),
                    lesson_id: demoLessonId(course.slug, lesson.key),
                    title: resource.title,
                    media_asset_id: demoAssetId(resource.file),
                    file_name: path.basename(resource.file),
                    mime_type: 'application/pdf',
                    size_bytes: size,
                  },
                ];
          })
          .map((row, position) => ({ ...row, position })),
      ),
    );
    await trx.insertInto('course_sections').values(sections).execute();
    await trx.insertInto('course_lessons').values(lessons).execute();
    if (resources.length > 0) await trx.insertInto('lesson_resources').values(resources).execute();
    // The course lasts as long as its lessons (those whose length is known).
    const known = lessons.filter((l) => l.duration_seconds !== null);
    const total = known.reduce((sum, l) => sum + l.duration_seconds!, 0);
    if (known.length > 0)
      await trx
        .updateTable('products')
        .set({
          duration: minutesOf(total),
          // exact when every lesson's length is known
          ...(exactSeconds ? { duration_seconds: known.length === lessons.length ? total : null } : {}),
        })
        .where('id', '=', productId)
        .execute();
    seeded += 1;
  }
  return seeded;
}
