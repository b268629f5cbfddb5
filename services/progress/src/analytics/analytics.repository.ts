import { sql, type Kysely } from 'kysely';
import type { AnalyticsRange, ItemFigures, PaidSeconds, ProductRollup } from '@catalyst/contracts';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Any number: the rollup takes this transaction-scoped advisory lock, so two replicas never roll at once. */
const ROLLUP_LOCK = 7_305_059;
/** Completions newer than this are left to the next run: a save's transaction may not have committed yet. */
const COMPLETION_LAG = sql`interval '30 seconds'`;
/** Rolled events are kept while their day may still change: today and yesterday (UTC). */
const KEPT_DAYS = 1;
const today = sql<string>`(now() at time zone 'utc')::date`;
/** A `YYYY-MM-DD` day as the date columns compare it. */
const asDay = (day: string) => sql<Date>`${day}::date`;

/** Which of the given users hold a paid plan now (billing's answer). */
export type PayingOf = (userIds: string[]) => Promise<Set<string>>;

export interface RollupOutcome {
  events: number;
  products: number;
}

/**
 * Rolls the watch events no run has rolled yet into `item_days`, and completions since the last run, then
 * refreshes the touched products' standing (`item_figures`, `lesson_figures`) from their progress rows and deletes
 * rolled events of past days. Each event is marked with whether its watcher pays now (billing is asked once per run,
 * before the transaction); a touched day is summed again from all its events, so learners stay distinct. Answers
 * null when another process was rolling.
 */
export async function rollUpAnalytics(db: Db, payingOf: PayingOf): Promise<RollupOutcome | null> {
  const pending = await db
    .selectFrom('watch_events')
    .select((eb) => eb.fn.max('id').as('last'))
    .where('paid', 'is', null)
    .executeTakeFirst();
  const last = pending?.last ?? null;
  const users =
    last === null
      ? []
      : (
          await db
            .selectFrom('watch_events')
            .select('user_id')
            .distinct()
            .where('paid', 'is', null)
            .where('id', '<=', last)
            .execute()
        ).map((row) => row.user_id);
  const paying = users.length > 0 ? [...(await payingOf(users))] : [];
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{
      locked: boolean;
    }>`select pg_try_advisory_xact_lock(${ROLLUP_LOCK}) as locked`.execute(trx);
    if (!rows[0]?.locked) return null;
    const marked =
      last === null
        ? []
        : await trx
            .updateTable('watch_events')
            .set({ paid: sql<boolean>`user_id = any(${paying}::text[])` })
            .where('paid', 'is', null)
            .where('id', '<=', last)
            .returning(['product_id', sql<string>`day::text`.as('day')])
            .execute();
    const touchedDays = [...new Set(marked.map((row) => `${row.product_id}/${row.day}`))].map((key) => {
      const [productId, day] = key.split('/') as [string, string];
      return { productId, day };
    });
    if (touchedDays.length > 0) {
      await sql`
        with touched (product_id, day) as (
          select * from unnest(${touchedDays.map((t) => t.productId)}::text[], ${touchedDays.map((t) => t.day)}::date[])
        )
        insert into item_days as d (product_id, day, seconds, paid_seconds, learners)
        select e.product_id, e.day, sum(e.seconds), coalesce(sum(e.seconds) filter (where e.paid), 0),
               count(distinct e.user_id)::int
          from watch_events e join touched t using (product_id, day)
         where e.paid is not null
         group by e.product_id, e.day
        on conflict (product_id, day) do update set
          seconds = excluded.seconds, paid_seconds = excluded.paid_seconds, learners = excluded.learners
      `.execute(trx);
    }
    const completed = await sql<{ product_id: string }>`
      with state as (
        select coalesce((select completions_until from analytics_rollup_state), '-infinity'::timestamptz) as since,
               now() - ${COMPLETION_LAG} as until
      ),
      done as (
        select p.product_id, (p.completed_at at time zone 'utc')::date as day, count(*)::int as n
          from progress p, state s
         where p.completed_at >= s.since and p.completed_at < s.until
         group by 1, 2
      ),
      added as (
        insert into item_days as d (product_id, day, completions)
        select product_id, day, n from done
        on conflict (product_id, day) do update set completions = d.completions + excluded.completions
      ),
      moved as (
        insert into analytics_rollup_state (id, completions_until) select true, until from state
        on conflict (id) do update set completions_until = excluded.completions_until
      )
      select distinct product_id from done
    `.execute(trx);
    const products = [
      ...new Set([...touchedDays.map((t) => t.productId), ...completed.rows.map((r) => r.product_id)]),
    ];
    if (products.length > 0) await refreshStanding(trx, products);
    await sql`delete from watch_events where paid is not null and day < ${today} - ${KEPT_DAYS}::int`.execute(
      trx,
    );
    return { events: marked.length, products: products.length };
  });
}

/** A learner started an item (or lesson) once they got anywhere in it. */
const started = sql<boolean>`(furthest_position > 0 or progress > 0 or completed)`;

/** Recomputes the products' learners, average percent and drop-off from their progress rows (by product index). */
async function refreshStanding(trx: Db, products: string[]) {
  await sql`
    insert into item_figures as f (product_id, learners, percent_average, completed, refreshed_at)
    select product_id,
           count(*) filter (where ${started})::int,
           coalesce(avg(case when completed then 100 else progress end) filter (where ${started}), 0),
           count(*) filter (where completed)::int,
           now()
      from progress where product_id = any(${products}::text[])
     group by product_id
    on conflict (product_id) do update set learners = excluded.learners, percent_average = excluded.percent_average,
      completed = excluded.completed, refreshed_at = excluded.refreshed_at
  `.execute(trx);
  await trx.deleteFrom('lesson_figures').where('product_id', 'in', products).execute();
  await sql`
    insert into lesson_figures (product_id, lesson_id, started, finished)
    select product_id, lesson_id,
           count(*) filter (where ${started})::int,
           count(*) filter (where completed)::int
      from lesson_progress where product_id = any(${products}::text[])
     group by product_id, lesson_id
  `.execute(trx);
}

/** Seconds watched by paying members per product over [from, to), from the rollups. */
export async function paidSeconds(db: Db, { from, to }: AnalyticsRange): Promise<PaidSeconds> {
  const rows = await db
    .selectFrom('item_days')
    .select(['product_id', sql<number>`sum(paid_seconds)`.as('paid')])
    .where('day', '>=', asDay(from))
    .where('day', '<', asDay(to))
    .groupBy('product_id')
    .having(sql`sum(paid_seconds)`, '>', 0)
    .orderBy('product_id')
    .execute();
  return rows.map((row) => ({ productId: row.product_id, paidSeconds: Math.round(Number(row.paid)) }));
}

/** Items' figures over [from, to) (learners, average and completed over all time), in the order asked. */
export async function itemsFigures(
  db: Db,
  productIds: string[],
  { from, to }: AnalyticsRange,
): Promise<ItemFigures[]> {
  if (productIds.length === 0) return [];
  const [days, standing] = await Promise.all([
    db
      .selectFrom('item_days')
      .select([
        'product_id',
        sql<number>`sum(seconds)`.as('seconds'),
        sql<number>`sum(paid_seconds)`.as('paid_seconds'),
        sql<number>`sum(completions)::int`.as('completions'),
      ])
      .where('product_id', 'in', productIds)
      .where('day', '>=', asDay(from))
      .where('day', '<', asDay(to))
      .groupBy('product_id')
      .execute(),
    db.selectFrom('item_figures').selectAll().where('product_id', 'in', productIds).execute(),
  ]);
  const dayOf = new Map(days.map((row) => [row.product_id, row]));
  const standingOf = new Map(standing.map((row) => [row.product_id, row]));
  return productIds.map((productId) => {
    const day = dayOf.get(productId);
    const figures = standingOf.get(productId);
    return {
      productId,
      seconds: Math.round(Number(day?.seconds ?? 0)),
      paidSeconds: Math.round(Number(day?.paid_seconds ?? 0)),
      completions: day?.completions ?? 0,
      learners: figures?.learners ?? 0,
      percentAverage: Math.round(Number(figures?.percent_average ?? 0) * 10) / 10,
    };
  });
}

/**
 * One item: its days in [from, to) that have figures, its standing, drop-off per lesson and quiz pass rates, in one
 * statement (one round trip and one connection however busy the pool is).
 */
export async function productRollup(
  db: Db,
  productId: string,
  range: AnalyticsRange,
): Promise<ProductRollup> {
  const { rows } = await sql<{
    days: { day: string; seconds: number; paid_seconds: number; learners: number; completions: number }[];
    standing: { learners: number; percent_average: number } | null;
    lessons: { lesson_id: string; started: number; finished: number }[];
    quizzes: { lesson_id: string; learners: number; passed: number }[];
  }>`
    select
      (select coalesce(json_agg(json_build_object('day', day::text, 'seconds', seconds, 'paid_seconds', paid_seconds,
                                                  'learners', learners, 'completions', completions) order by day), '[]')
         from item_days
        where product_id = ${productId} and day >= ${asDay(range.from)} and day < ${asDay(range.to)}) as days,
      (select json_build_object('learners', learners, 'percent_average', percent_average)
         from item_figures where product_id = ${productId}) as standing,
      (select coalesce(json_agg(json_build_object('lesson_id', lesson_id, 'started', started, 'finished', finished)), '[]')
         from lesson_figures where product_id = ${productId}) as lessons,
      (select coalesce(json_agg(q), '[]') from (
         select lesson_id, count(distinct user_id)::int as learners,
                (count(distinct user_id) filter (where passed))::int as passed
           from quiz_attempts where product_id = ${productId} group by lesson_id) q) as quizzes
  `.execute(db);
  const { days, standing, lessons, quizzes } = rows[0]!;
  const total = (pick: (day: (typeof days)[number]) => number) =>
    days.reduce((sum, day) => sum + pick(day), 0);
  return {
    days: days.map((row) => ({
      day: row.day,
      seconds: Math.round(row.seconds),
      paidSeconds: Math.round(row.paid_seconds),
      learners: row.learners,
      completions: row.completions,
    })),
    figures: {
      productId,
      seconds: Math.round(total((day) => day.seconds)),
      paidSeconds: Math.round(total((day) => day.paid_seconds)),
      completions: total((day) => day.completions),
      learners: standing?.learners ?? 0,
      percentAverage: Math.round(Number(standing?.percent_average ?? 0) * 10) / 10,
    },
    lessons: lessons.map((row) => ({
      lessonId: row.lesson_id,
      started: row.started,
      finished: row.finished,
    })),
    quizzes: quizzes.map((row) => ({ lessonId: row.lesson_id, learners: row.learners, passed: row.passed })),
  };
}
