// A course's curriculum: sections, lessons and resources (all SQL of the curriculum lives here).
import { sql, type Kysely, type Transaction } from 'kysely';
import type {
  AdminCurriculum,
  AdminQuiz,
  CourseLessons,
  CurriculumOutline,
  LessonKind,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { CourseLessonRow } from '../db/tables/course-lesson';
import type { LessonResourceRow } from '../db/tables/lesson-resource';

type Db = Kysely<Database> | Transaction<Database>;

/** Rows written per INSERT: far below Postgres's 65,535 parameters for the widest row. */
const CHUNK = 400;

const sumKnown = (seconds: Array<number | null>) => seconds.reduce<number>((total, s) => total + (s ?? 0), 0);

/** A product's lessons in curriculum order (sections by position, then lessons by position). */
function lessonsInOrder(db: Db, productId: string) {
  return db
    .selectFrom('course_lessons as l')
    .innerJoin('course_sections as s', 's.id', 'l.section_id')
    .where('l.product_id', '=', productId)
    .orderBy('s.position')
    .orderBy('l.position')
    .orderBy('l.id');
}

/** The product's version, or undefined when there is no such product (drafts included). */
export async function curriculumVersionOf(db: Db, productId: string): Promise<number | undefined> {
  const row = await db
    .selectFrom('products')
    .select('curriculum_version')
    .where('id', '=', productId)
    .executeTakeFirst();
  return row?.curriculum_version;
}

// ---------- what visitors and learners see ----------

/** The public outline: titles, kinds, durations, free-preview flags and resource counts; never media nor bodies. */
export async function loadOutline(
  db: Db,
  product: { id: string; curriculum_version: number },
): Promise<CurriculumOutline> {
  const [sections, lessons, counts] = await Promise.all([
    db
      .selectFrom('course_sections')
      .select(['id', 'title'])
      .where('product_id', '=', product.id)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    lessonsInOrder(db, product.id)
      .select(['l.id', 'l.section_id', 'l.title', 'l.kind', 'l.duration_seconds', 'l.is_free_preview'])
      .execute(),
    db
      .selectFrom('lesson_resources as r')
      .innerJoin('course_lessons as l', 'l.id', 'r.lesson_id')
      .where('l.product_id', '=', product.id)
      .groupBy('r.lesson_id')
      .select(['r.lesson_id', sql<number>`count(*)::int`.as('n')])
      .execute(),
  ]);
  const resourceCount = new Map(counts.map((row) => [row.lesson_id, row.n]));
  const bySection = new Map<string, CurriculumOutline['sections'][number]['lessons']>(
    sections.map((s) => [s.id, []]),
  );
  for (const lesson of lessons) {
    bySection.get(lesson.section_id)?.push({
      id: lesson.id,
      title: lesson.title,
      kind: lesson.kind,
      durationSeconds: lesson.duration_seconds,
      isFreePreview: lesson.is_free_preview,
      resourceCount: resourceCount.get(lesson.id) ?? 0,
    });
  }
  const outlineSections = sections.map((s) => {
    const sectionLessons = bySection.get(s.id) ?? [];
    return {
      id: s.id,
      title: s.title,
      durationSeconds: sumKnown(sectionLessons.map((l) => l.durationSeconds)),
      lessons: sectionLessons,
    };
  });
  return {
    productId: product.id,
    version: product.curriculum_version,
    lessonCount: lessons.length,
    durationSeconds: sumKnown(lessons.map((l) => l.duration_seconds)),
    sections: outlineSections,
  };
}

/** One lesson of a product, with its resources in order; undefined when the product has no such lesson. */
export async function findLesson(
  db: Db,
  productId: string,
  lessonId: string,
): Promise<(CourseLessonRow & { resources: LessonResourceRow[] }) | undefined> {
  const lesson = await db
    .selectFrom('course_lessons')
    .selectAll()
    .where('id', '=', lessonId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
  if (!lesson) return undefined;
  const resources = await db
    .selectFrom('lesson_resources')
    .selectAll()
    .where('lesson_id', '=', lessonId)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return { ...lesson, resources };
}

/** What progress needs of a course: every lesson in order with its length, flag and kind. */
export async function listCourseLessons(db: Db, productId: string): Promise<CourseLessons['lessons']> {
  const rows = await lessonsInOrder(db, productId)
    .select(['l.id', 'l.title', 'l.duration_seconds', 'l.is_free_preview', 'l.kind'])
    .execute();
  return rows.map((row) => ({
    id: row.id,
    title: row.title,
    durationSeconds: row.duration_seconds,
    isFreePreview: row.is_free_preview,
    kind: row.kind,
  }));
}

/** A lesson's kind and quiz (with its answers), for grading; undefined when the product has no such lesson. */
export async function findLessonQuiz(
  db: Db,
  productId: string,
  lessonId: string,
): Promise<Pick<CourseLessonRow, 'id' | 'kind' | 'quiz'> | undefined> {
  return db
    .selectFrom('course_lessons')
    .select(['id', 'kind', 'quiz'])
    .where('id', '=', lessonId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

/** The sum of a course's known lesson lengths, seconds; null when no lesson's length is known (or it has none). */
export async function knownLessonSeconds(db: Db, productId: string): Promise<number | null> {
  const row = await db
    .selectFrom('course_lessons')
    .select(sql<number | null>`sum(duration_seconds)::int`.as('seconds'))
    .where('product_id', '=', productId)
    .executeTakeFirstOrThrow();
  return row.seconds;
}

// ---------- the admin's editor ----------

/** The whole curriculum with its version, as the editor opens it. */
export async function loadAdminCurriculum(
  db: Db,
  productId: string,
  version: number,
): Promise<AdminCurriculum> {
  const [sections, lessons, resources] = await Promise.all([
    db
      .selectFrom('course_sections')
      .select(['id', 'title'])
      .where('product_id', '=', productId)
      .orderBy('position')
      .orderBy('id')
      .execute(),
    lessonsInOrder(db, productId).selectAll('l').execute(),
    db
      .selectFrom('lesson_resources as r')
      .innerJoin('course_lessons as l', 'l.id', 'r.lesson_id')
      .where('l.product_id', '=', productId)
      .selectAll('r')
      .orderBy('r.lesson_id')
      .orderBy('r.position')
      .orderBy('r.id')
      .execute(),
  ]);
  const resourcesOf = new Map<string, AdminCurriculum['sections'][number]['lessons'][number]['resources']>();
  for (const r of resources) {
    const list = resourcesOf.get(r.lesson_id) ?? [];
    list.push({
      id: r.id,
      title: r.title,
      mediaAssetId: r.media_asset_id,
      fileName: r.file_name,
      mimeType: r.mime_type,
      size: Number(r.size_bytes),
    });
    resourcesOf.set(r.lesson_id, list);
  }
  const bySection = new Map<string, AdminCurriculum['sections'][number]['lessons']>(
    sections.map((s) => [s.id, []]),
  );
  for (const l of lessons) {
    bySection.get(l.section_id)?.push({
      id: l.id,
      title: l.title,
      kind: l.kind,
      durationSeconds: l.duration_seconds,
      isFreePreview: l.is_free_preview,
      videoUrl: l.video_url,
      mediaAssetId: l.media_asset_id,
      body: l.body,
      quiz: l.quiz,
      resources: resourcesOf.get(l.id) ?? [],
    });
  }
  return {
    productId,
    version,
    durationSeconds: sumKnown(lessons.map((l) => l.duration_seconds)),
    sections: sections.map((s) => ({ id: s.id, title: s.title, lessons: bySection.get(s.id) ?? [] })),
  };
}

/** Locks the product row for this transaction (one editor save at a time) and answers its version; undefined when it is gone. */
export async function lockCurriculum(
  trx: Transaction<Database>,
  productId: string,
): Promise<number | undefined> {
  const row = await trx
    .selectFrom('products')
    .select('curriculum_version')
    .where('id', '=', productId)
    .forUpdate()
    .executeTakeFirst();
  return row?.curriculum_version;
}

export type CurriculumItem = 'section' | 'lesson' | 'resource';

/** The product each of these ids belongs to, per kind of item (ids of nothing are left out). */
export async function ownersOf(
  db: Db,
  ids: Record<CurriculumItem, string[]>,
): Promise<Record<CurriculumItem, Map<string, string>>> {
  const none = Promise.resolve([] as Array<{ id: string; product_id: string }>);
  const [sections, lessons, resources] = await Promise.all([
    ids.section.length > 0
      ? db.selectFrom('course_sections').select(['id', 'product_id']).where('id', 'in', ids.section).execute()
      : none,
    ids.lesson.length > 0
      ? db.selectFrom('course_lessons').select(['id', 'product_id']).where('id', 'in', ids.lesson).execute()
      : none,
    ids.resource.length > 0
      ? db
          .selectFrom('lesson_resources as r')
          .innerJoin('course_lessons as l', 'l.id', 'r.lesson_id')
          .select(['r.id', 'l.product_id'])
          .where('r.id', 'in', ids.resource)
          .execute()
      : none,
  ]);
  const toMap = (rows: Array<{ id: string; product_id: string }>) =>
    new Map(rows.map((row) => [row.id, row.product_id]));
  return { section: toMap(sections), lesson: toMap(lessons), resource: toMap(resources) };
}

/** The ids of every question and option of the product's quizzes (the ids a save may keep). */
export async function quizIdsOf(
  db: Db,
  productId: string,
): Promise<{ questions: Set<string>; options: Set<string> }> {
  const rows = await db
    .selectFrom('course_lessons')
    .select('quiz')
    .where('product_id', '=', productId)
    .where('quiz', 'is not', null)
    .execute();
  const questions = rows.flatMap((row) => row.quiz?.questions ?? []);
  return {
    questions: new Set(questions.map((q) => q.id)),
    options: new Set(questions.flatMap((q) => q.options.map((o) => o.id))),
  };
}

/** A curriculum ready to write: every item has its id, every article is sanitised, every resource carries its file's facts. */
export interface CurriculumWrite {
  sections: Array<{
    id: string;
    title: string;
    lessons: Array<{
      id: string;
      title: string;
      kind: LessonKind;
      durationSeconds: number | null;
      isFreePreview: boolean;
      videoUrl: string | null;
      mediaAssetId: string | null;
      body: string | null;
      /** A quiz lesson's questions, every question and option with its id; null for any other kind. */
      quiz: AdminQuiz | null;
      resources: Array<{
        id: string;
        title: string;
        mediaAssetId: string;
        fileName: string;
        mimeType: string;
        size: number;
      }>;
    }>;
  }>;
}

async function inChunks<T>(rows: T[], write: (chunk: T[]) => Promise<unknown>) {
  for (let at = 0; at < rows.length; at += CHUNK) await write(rows.slice(at, at + CHUNK));
}

/**
 * Replaces the product's curriculum inside the caller's transaction: kept items are updated in place
 * (so learners' progress follows their ids), new ones inserted, and whatever the write no longer names
 * deleted (after the upserts, so a lesson moved out of a deleted section survives it). Sets the product's
 * duration (whole minutes, as the catalogue shows it) when any lesson has a known length, and bumps the version.
 */
export async function writeCurriculum(
  trx: Transaction<Database>,
  productId: string,
  write: CurriculumWrite,
  durationMinutes: number | null,
): Promise<number> {
  const lessonSeconds = write.sections.flatMap((s) => s.lessons.map((l) => l.durationSeconds));
  const sections = write.sections.map((s, position) => ({
    id: s.id,
    product_id: productId,
    title: s.title,
    position,
  }));
  const lessons = write.sections.flatMap((s) =>
    s.lessons.map((l, position) => ({
      id: l.id,
      section_id: s.id,
      product_id: productId,
      title: l.title,
      kind: l.kind,
      position,
      duration_seconds: l.durationSeconds,
      is_free_preview: l.isFreePreview,
      video_url: l.videoUrl,
      media_asset_id: l.mediaAssetId,
      body: l.body,
      quiz: l.quiz && JSON.stringify(l.quiz),
    })),
  );
  const resources = write.sections.flatMap((s) =>
    s.lessons.flatMap((l) =>
      l.resources.map((r, position) => ({
        id: r.id,
        lesson_id: l.id,
        title: r.title,
        media_asset_id: r.mediaAssetId,
        file_name: r.fileName,
        mime_type: r.mimeType,
        size_bytes: r.size,
        position,
      })),
    ),
  );

  await inChunks(sections, (chunk) =>
    trx
      .insertInto('course_sections')
      .values(chunk)
      .onConflict((oc) =>
        oc
          .column('id')
          .doUpdateSet((eb) => ({ title: eb.ref('excluded.title'), position: eb.ref('excluded.position') })),
      )
      .execute(),
  );
  await inChunks(lessons, (chunk) =>
    trx
      .insertInto('course_lessons')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          section_id: eb.ref('excluded.section_id'),
          title: eb.ref('excluded.title'),
          kind: eb.ref('excluded.kind'),
          position: eb.ref('excluded.position'),
          duration_seconds: eb.ref('excluded.duration_seconds'),
          is_free_preview: eb.ref('excluded.is_free_preview'),
          video_url: eb.ref('excluded.video_url'),
          media_asset_id: eb.ref('excluded.media_asset_id'),
          body: eb.ref('excluded.body'),
          quiz: eb.ref('excluded.quiz'),
        })),
      )
      .execute(),
  );
  await inChunks(resources, (chunk) =>
    trx
      .insertInto('lesson_resources')
      .values(chunk)
      .onConflict((oc) =>
        oc.column('id').doUpdateSet((eb) => ({
          lesson_id: eb.ref('excluded.lesson_id'),
          title: eb.ref('excluded.title'),
          media_asset_id: eb.ref('excluded.media_asset_id'),
          file_name: eb.ref('excluded.file_name'),
          mime_type: eb.ref('excluded.mime_type'),
          size_bytes: eb.ref('excluded.size_bytes'),
          position: eb.ref('excluded.position'),
        })),
      )
      .execute(),
  );

  // What the write no longer names goes (a deleted lesson takes its resources, a deleted section its lessons).
  const productLessons = trx.selectFrom('course_lessons').select('id').where('product_id', '=', productId);
  let goneResources = trx.deleteFrom('lesson_resources').where('lesson_id', 'in', productLessons);
  if (resources.length > 0)
    goneResources = goneResources.where(
      'id',
      'not in',
      resources.map((r) => r.id),
    );
  await goneResources.execute();
  let goneLessons = trx.deleteFrom('course_lessons').where('product_id', '=', productId);
  if (lessons.length > 0)
    goneLessons = goneLessons.where(
      'id',
      'not in',
      lessons.map((l) => l.id),
    );
  await goneLessons.execute();
  let goneSections = trx.deleteFrom('course_sections').where('product_id', '=', productId);
  if (sections.length > 0)
    goneSections = goneSections.where(
      'id',
      'not in',
      sections.map((s) => s.id),
    );
  await goneSections.execute();

  const updated = await trx
    .updateTable('products')
    .set((eb) => ({
      curriculum_version: eb('curriculum_version', '+', 1),
      updated_at: new Date(),
      ...(durationMinutes === null ? {} : { duration: durationMinutes }),
      // exact only when every lesson's length is known
      duration_seconds:
        lessonSeconds.length > 0 && lessonSeconds.every((s) => s !== null)
          ? lessonSeconds.reduce<number>((total, s) => total + s!, 0)
          : null,
    }))
    .where('id', '=', productId)
    .returning('curriculum_version')
    .executeTakeFirstOrThrow();
  return updated.curriculum_version;
}

/** The products whose lessons or resources use each of these media assets (drafts included), by asset id. */
export async function findCurriculumMediaUsage(db: Db, assetIds: string[]) {
  if (assetIds.length === 0) return [];
  const fromLessons = db
    .selectFrom('course_lessons as l')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['l.media_asset_id as asset_id', 'p.id', 'p.title', 'p.slug'])
    .where('l.media_asset_id', 'in', assetIds);
  const fromResources = db
    .selectFrom('lesson_resources as r')
    .innerJoin('course_lessons as l', 'l.id', 'r.lesson_id')
    .innerJoin('products as p', 'p.id', 'l.product_id')
    .select(['r.media_asset_id as asset_id', 'p.id', 'p.title', 'p.slug'])
    .where('r.media_asset_id', 'in', assetIds);
  const rows = await fromLessons.union(fromResources).execute();
  return rows.map((row) => ({
    assetId: row.asset_id!,
    product: { _id: row.id, title: row.title, slug: row.slug },
  }));
}
