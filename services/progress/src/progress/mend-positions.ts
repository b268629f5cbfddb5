import { sql, type Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Catalog } from '../catalog/catalog.client';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** What one pass mended: rows brought back within their media. */
export interface Mended {
  products: number;
  lessons: number;
}

/**
 * Positions stored beyond the end of their media before saves were kept within it (a 24-second video
 * holding 321 s) are brought back to the end. Where media ends is content's to say (its schema is not
 * ours to read, so no migration can know it): a single video ends at its exact length when known (else its duration in minutes), a
 * lesson at its own length, and a course's row (a second of one of its lessons) at its longest lesson.
 * Rows of media of unknown length are left alone. Idempotent: a second pass finds nothing to mend.
 */
export async function mendPositions(db: Db, catalog: Catalog, requestId?: string): Promise<Mended> {
  const [productIds, courseIds] = await Promise.all([
    db.selectFrom('progress').select('product_id').distinct().execute(),
    db.selectFrom('lesson_progress').select('product_id').distinct().execute(),
  ]);
  const courses = new Set(courseIds.map((r) => r.product_id));
  const summaries = await catalog.lookup(
    productIds.map((r) => r.product_id).filter((id) => !courses.has(id)),
    requestId,
  );
  const productEnds: [string, number][] = [];
  for (const [id, product] of summaries) {
    const end = product.durationSeconds ?? (product.duration ? product.duration * 60 : null);
    if (end) productEnds.push([id, end]);
  }
  const lessonEnds: [string, string, number][] = [];
  for (const courseId of courses) {
    const lessons = (await catalog.courseLessons(courseId, requestId))?.lessons ?? [];
    const known = lessons.filter((l) => l.durationSeconds !== null);
    for (const lesson of known) lessonEnds.push([courseId, lesson.id, lesson.durationSeconds!]);
    // A course row's position is a second of one of its lessons: never beyond the longest (when every length is known).
    if (known.length > 0 && known.length === lessons.length)
      productEnds.push([courseId, Math.max(...known.map((l) => l.durationSeconds!))]);
  }
  let products = 0;
  let lessons = 0;
  if (productEnds.length > 0) {
    const values = sql.join(productEnds.map(([id, end]) => sql`(${id}::text, ${end}::double precision)`));
    const result = await sql`
      update progress p
         set last_position = least(p.last_position, e.end_seconds),
             furthest_position = least(p.furthest_position, e.end_seconds)
        from (values ${values}) as e (product_id, end_seconds)
       where p.product_id = e.product_id
         and (p.last_position > e.end_seconds or p.furthest_position > e.end_seconds)
    `.execute(db);
    products = Number(result.numAffectedRows ?? 0);
  }
  if (lessonEnds.length > 0) {
    const values = sql.join(
      lessonEnds.map(
        ([id, lessonId, end]) => sql`(${id}::text, ${lessonId}::text, ${end}::double precision)`,
      ),
    );
    const result = await sql`
      update lesson_progress l
         set last_position = least(l.last_position, e.end_seconds),
             furthest_position = least(l.furthest_position, e.end_seconds)
        from (values ${values}) as e (product_id, lesson_id, end_seconds)
       where l.product_id = e.product_id and l.lesson_id = e.lesson_id
         and (l.last_position > e.end_seconds or l.furthest_position > e.end_seconds)
    `.execute(db);
    lessons = Number(result.numAffectedRows ?? 0);
  }
  return { products, lessons };
}

/** How long the first pass waits for content after a start, then between tries while content is not answering. */
const MEND_RETRY_MS = 30_000;
const MEND_TRIES = 10;

/** Runs mendPositions once after the service starts (in the background), trying again while content is not answering. */
export function mendPositionsInBackground(db: Db, catalog: Catalog, log: Logger): () => void {
  let tries = 0;
  let timer: NodeJS.Timeout | undefined;
  const attempt = async () => {
    tries += 1;
    try {
      const mended = await mendPositions(db, catalog);
      if (mended.products + mended.lessons > 0)
        log.info(mended, 'Brought positions stored beyond the end of their media back to the end');
    } catch (error) {
      if (tries >= MEND_TRIES) {
        log.warn(
          { err: error },
          'Could not mend positions beyond the end of their media; the next start tries again',
        );
        return;
      }
      timer = setTimeout(() => void attempt(), MEND_RETRY_MS);
      timer.unref();
    }
  };
  timer = setTimeout(() => void attempt(), 1_000);
  timer.unref();
  return () => clearTimeout(timer);
}
