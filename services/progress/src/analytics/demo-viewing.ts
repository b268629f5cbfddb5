import type { Insertable, Kysely } from 'kysely';
import { demoEntityId, demoHash, type Logger } from '@catalyst/service-kit';
import { DEMO_COURSES, demoLessonId } from '@catalyst/demo';
import type { Database } from '../db/schema';

/** The demo creators' items (Maya Chen's and Daniel Okafor's in content's demo catalogue), most watched first. */
export const DEMO_STUDIO_ITEMS = [
  'css-grid-layout-workshop',
  'react-hooks-in-depth',
  'node-js-rest-apis',
  'html-css-from-scratch',
  'sql-for-analysts',
  'typescript-for-javascript-developers',
  'modern-javascript-essentials',
  'design-systems-workshop',
  'web-performance-checklist',
  'scaling-postgres-webinar',
] as const;

/** Days of generated viewing, ending yesterday (today belongs to real saves). */
export const DEMO_VIEWING_DAYS = 30;
const DAY_MS = 86_400_000;

/** A number in [0, 1) from a text: the same text always gives the same number. */
const unit = (text: string) => parseInt(demoHash(`viewing:${text}`).slice(0, 8), 16) / 0x1_0000_0000;

interface Viewing {
  userId: string;
  seconds: number;
  paid: boolean;
  completed: boolean;
}

/** One item's viewers on one day: fewer at weekends, more for the first items, growing over the month. */
function viewersOf(slug: string, rank: number, offset: number, day: Date): Viewing[] {
  const weekend = day.getUTCDay() === 0 || day.getUTCDay() === 6 ? 0.6 : 1;
  const growth = 1 + (DEMO_VIEWING_DAYS - offset) / (DEMO_VIEWING_DAYS * 2);
  const count = Math.round((14 - rank) * weekend * growth * (0.7 + 0.6 * unit(`${slug}/${offset}`)));
  return Array.from({ length: count }, (_, i) => {
    // A pool of 60 viewers per item: some come back on several days.
    const viewer = Math.floor(unit(`${slug}/${offset}/${i}/who`) * 60);
    const draw = unit(`${slug}/${offset}/${i}`);
    return {
      userId: demoHash(`viewer:${slug}:${viewer}`).slice(0, 24),
      seconds: Math.round(120 + draw * 1500),
      paid: viewer % 10 < 7,
      completed: draw > 0.9,
    };
  });
}

/**
 * A month of viewing of the demo creators' items, so the studio's analytics and the earnings estimate show real
 * figures on a fresh start: each day's rollup (item_days), the items' standing, a course's drop-off per lesson,
 * and yesterday's events as the rollup leaves them (marked, kept until they are a day older). Deterministic
 * (from the item and the day's distance from today); only into empty rollups, so a second start changes nothing.
 */
export async function seedDemoViewing(db: Kysely<Database>, log: Logger, now = Date.now()): Promise<void> {
  const existing = await db.selectFrom('item_days').select('product_id').limit(1).executeTakeFirst();
  if (existing) return;
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const days: Insertable<Database['item_days']>[] = [];
  const events: Insertable<Database['watch_events']>[] = [];
  const figures: Insertable<Database['item_figures']>[] = [];
  const lessons: Insertable<Database['lesson_figures']>[] = [];
  DEMO_STUDIO_ITEMS.forEach((slug, rank) => {
    const productId = demoEntityId('product', slug);
    const learners = new Set<string>();
    let completed = 0;
    for (let offset = DEMO_VIEWING_DAYS; offset >= 1; offset--) {
      const day = new Date(today - offset * DAY_MS);
      const dayText = day.toISOString().slice(0, 10);
      const viewers = viewersOf(slug, rank, offset, day);
      const distinct = new Set(viewers.map((v) => v.userId));
      for (const id of distinct) learners.add(id);
      const completions = viewers.filter((v) => v.completed).length;
      completed += completions;
      days.push({
        product_id: productId,
        day: dayText,
        seconds: viewers.reduce((sum, v) => sum + v.seconds, 0),
        paid_seconds: viewers.filter((v) => v.paid).reduce((sum, v) => sum + v.seconds, 0),
        learners: distinct.size,
        completions,
      });
      if (offset === 1)
        events.push(
          ...viewers.map((v) => ({
            user_id: v.userId,
            product_id: productId,
            lesson_id: null,
            day: dayText,
            seconds: v.seconds,
            paid: v.paid,
          })),
        );
    }
    figures.push({
      product_id: productId,
      learners: learners.size,
      percent_average: Math.round(35 + unit(`${slug}/percent`) * 40),
      completed: Math.min(completed, learners.size),
    });
    const course = DEMO_COURSES.find((c) => c.slug === slug);
    // Each lesson keeps most of the learners who reached it; a few stop before finishing it.
    let reached = learners.size;
    for (const lesson of course?.sections.flatMap((s) => s.lessons) ?? []) {
      const finished = Math.round(reached * (0.7 + 0.2 * unit(`${slug}/${lesson.key}/finished`)));
      lessons.push({
        product_id: productId,
        lesson_id: demoLessonId(slug, lesson.key),
        started: reached,
        finished,
      });
      reached = Math.round(finished * (0.8 + 0.15 * unit(`${slug}/${lesson.key}/next`)));
    }
  });
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('item_days')
      .values(days)
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('item_figures')
      .values(figures)
      .onConflict((oc) => oc.doNothing())
      .execute();
    if (lessons.length > 0)
      await trx
        .insertInto('lesson_figures')
        .values(lessons)
        .onConflict((oc) => oc.doNothing())
        .execute();
    if (events.length > 0) await trx.insertInto('watch_events').values(events).execute();
  });
  log.info({ items: DEMO_STUDIO_ITEMS.length, days: days.length }, 'demo viewing seeded for the studio');
}
