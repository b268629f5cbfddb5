import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { CertificateRow } from '../db/tables/certificates';

type Db = Kysely<Database>;

/** How much learning time one applied position save may credit. */
export const LEARNING_CREDIT = {
  /** A save credits at most this, however long since the previous one. */
  maxSecondsPerSave: 600,
  /**
   * A lesson's (or product's) first save has no earlier save to measure the wall clock from. The player saves
   * at least every 10 s of playback, so an honest first save is seconds in; one far in was a seek.
   */
  maxSecondsFirstSave: 60,
} as const;

/** Weeks in the record's chart. */
export const RECORD_WEEKS = 12;
/** Rows of each list in the record (courses in progress, completed, quizzes). */
export const RECORD_LIST_LIMIT = 50;

const today = sql<string>`(now() at time zone 'utc')::date`;

/**
 * Two CTEs of a position upsert (progress.repository's upsertPositions), crediting learning time in the same
 * statement, so in the same transaction as the save. `before` reads the rows the save will change (each once,
 * however many saves of it the statement holds), locked, so it sees the newest committed row the upsert then
 * changes (the upsert's source joins it, so it runs first);
 * `learned` adds to each learner's UTC day the forward movement of every applied save since the stored last
 * position, capped by the wall-clock time since that row was last written and by LEARNING_CREDIT. A stale save
 * is not in `written`, so it credits nothing; a seek back credits nothing (and the next save counts from there).
 * `watched` records the same credit per row (user, product, lesson, day) for the creator analytics' job: one
 * more insert in the statement, so an event exists exactly when learning time was credited.
 */
export const learningCredit = {
  before: (table: string, keys: readonly string[], keyList: RawBuilder<unknown>) =>
    sql`before (${keyList}, last_position, updated_at, client_ts) as (
      select ${sql.join(keys.map((k) => sql.ref(`t.${k}`)))}, t.last_position, t.updated_at, t.client_ts
        from ${sql.table(table)} t
       where (${sql.join(keys.map((k) => sql.ref(`t.${k}`)))}) in (select ${keyList} from input)
       for update of t
    )`,
  learned: (keys: readonly string[]) => {
    const sameKey = sql.join(
      keys.map((k) => sql`${sql.ref(`w.${k}`)} = ${sql.ref(`b.${k}`)}`),
      sql` and `,
    );
    const seconds = sql`case
      when b.user_id is null then least(w.last_position, ${LEARNING_CREDIT.maxSecondsFirstSave}::double precision)
      else greatest(0, least(w.last_position - b.last_position, extract(epoch from now() - b.updated_at)::double precision, ${LEARNING_CREDIT.maxSecondsPerSave}::double precision))
    end`;
    const lesson = keys.includes('lesson_id') ? sql`w.lesson_id` : sql`null::text`;
    return sql`credited as (
      select w.user_id, w.product_id, ${lesson} as lesson_id, ${seconds} as seconds
        from written w left join before b on ${sameKey}
    ),
    learned as (
      insert into learning_days as d (user_id, day, seconds)
      select user_id, ${today}, round(sum(seconds))::int
        from credited
       group by user_id
      having round(sum(seconds)) > 0
      on conflict (user_id, day) do update set seconds = d.seconds + excluded.seconds
    ),
    watched as (
      insert into watch_events (user_id, product_id, lesson_id, day, seconds)
      select user_id, product_id, lesson_id, ${today}, seconds from credited where seconds > 0
    )`;
  },
};

/** The record's last RECORD_WEEKS weeks (Monday-start, UTC), oldest first, with the seconds learned in each (zeros included). */
export async function weeklySeconds(
  db: Db,
  userId: string,
): Promise<{ weekStart: string; seconds: number }[]> {
  // One range scan of the primary key from the first week's Monday, summed per week in SQL.
  const { rows } = await sql<{ first_monday: string; week: number | null; seconds: number | null }>`
    with first as (select ${today} - (extract(isodow from ${today})::int - 1) - ${(RECORD_WEEKS - 1) * 7}::int as monday)
    select f.monday::text as first_monday, w.week, w.seconds
      from first f
      left join lateral (
        select (d.day - f.monday) / 7 as week, sum(d.seconds)::bigint as seconds
          from learning_days d
         where d.user_id = ${userId} and d.day >= f.monday
         group by 1
      ) w on true
  `.execute(db);
  const firstMonday = rows[0]!.first_monday;
  const byWeek = new Map(
    rows.filter((row) => row.week !== null).map((row) => [row.week!, Number(row.seconds)]),
  );
  return Array.from({ length: RECORD_WEEKS }, (_, week) => ({
    weekStart: addDays(firstMonday, 7 * week),
    seconds: byWeek.get(week) ?? 0,
  }));
}

/** A 'YYYY-MM-DD' day plus n days. */
const addDays = (day: string, n: number) =>
  new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);

/**
 * Runs of consecutive UTC days with any learning (gaps and islands over the learner's days: at most one row a
 * day, so bounded by the calendar): the longest ever, and the current one, ending today or (while today has
 * none yet) yesterday. Also every second ever learned.
 */
export async function streaksAndTotal(
  db: Db,
  userId: string,
): Promise<{ current: number; longest: number; learnedToday: boolean; seconds: number }> {
  const { rows } = await sql<{ current: number; longest: number; learned_today: boolean; seconds: number }>`
    with days as (
      select day, seconds, day - (row_number() over (order by day))::int as run
        from learning_days where user_id = ${userId} and seconds > 0
    ),
    runs as (select max(day) as last_day, count(*)::int as length from days group by run)
    select coalesce((select max(length) from runs where last_day >= ${today} - 1), 0)::int as current,
           coalesce((select max(length) from runs), 0)::int as longest,
           exists (select 1 from days where day = ${today}) as learned_today,
           coalesce((select sum(seconds) from days), 0)::bigint as seconds
  `.execute(db);
  const row = rows[0]!;
  return {
    current: row.current,
    longest: row.longest,
    learnedToday: row.learned_today,
    seconds: Number(row.seconds),
  };
}

export interface QuizResultRow {
  product_id: string;
  lesson_id: string;
  best_score: number;
  passed: boolean;
  attempts: number;
  last_attempt_at: Date;
}

/** A learner's quizzes (best score, passed, how many attempts, the last), the most recently attempted first. */
export async function quizResults(db: Db, userId: string, limit: number): Promise<QuizResultRow[]> {
  return db
    .selectFrom('quiz_attempts')
    .select((eb) => [
      'product_id',
      'lesson_id',
      eb.fn.max('score').as('best_score'),
      eb.fn<boolean>('bool_or', ['passed']).as('passed'),
      sql<number>`count(*)::int`.as('attempts'),
      eb.fn.max('submitted_at').as('last_attempt_at'),
    ])
    .where('user_id', '=', userId)
    .groupBy(['product_id', 'lesson_id'])
    .orderBy('last_attempt_at', 'desc')
    .orderBy('product_id')
    .orderBy('lesson_id')
    .limit(limit)
    .execute();
}

/** How many quizzes (product, lesson) the learner has passed. */
export async function quizzesPassed(db: Db, userId: string): Promise<number> {
  const row = await db
    .selectFrom('quiz_attempts')
    .select(sql<number>`count(distinct (product_id, lesson_id))::int`.as('passed'))
    .where('user_id', '=', userId)
    .where('passed', '=', true)
    .executeTakeFirstOrThrow();
  return row.passed;
}

/** A learner's certificates, newest first (revoked ones too, marked so), and how many are valid. */
export async function learnerCertificates(
  db: Db,
  userId: string,
  limit: number,
): Promise<{ rows: CertificateRow[]; valid: number }> {
  const [rows, count] = await Promise.all([
    db
      .selectFrom('certificates')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('issued_at', 'desc')
      .orderBy('code')
      .limit(limit)
      .execute(),
    db
      .selectFrom('certificates')
      .select(sql<number>`count(*)::int`.as('valid'))
      .where('user_id', '=', userId)
      .where('revoked_at', 'is', null)
      .executeTakeFirstOrThrow(),
  ]);
  return { rows, valid: count.valid };
}
