import { sql, type Kysely, type Selectable } from 'kysely';
import type { Progress, ProgressStatus, ProgressWriteResult } from '@catalyst/contracts';
import { executePrepared } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { ProgressRow } from '../db/tables/progress';
import { learningCredit } from '../learning/learning.repository';

type Db = Kysely<Database>;

export interface ProgressWrite {
  progress: number;
  /** Seconds, already within the media (positionWithin). */
  lastPosition: number;
  completed: boolean;
  clientTime: number | null;
  /** Seconds: where the media ends, when content knows it; no stored position goes beyond it. */
  endSeconds?: number | null;
}

/** A position kept within the media: never beyond its known end. */
export const positionWithin = (position: number, endSeconds: number | null) =>
  endSeconds === null ? position : Math.min(position, endSeconds);

type PositionFigures = Pick<
  ProgressRow,
  'progress' | 'last_position' | 'furthest_position' | 'completed' | 'completed_at' | 'updated_at'
>;

/** The figures a product row and a lesson row share, as the API answers them. */
export const figuresOf = (row: PositionFigures) => ({
  progress: row.progress,
  lastPosition: row.last_position,
  furthestPosition: row.furthest_position,
  completed: row.completed,
  completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
  updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
});

/** A product's row as the API answers it; a course's carries the lesson the learner was in (`lessonId`). */
export function toProgress(
  row: PositionFigures & Pick<ProgressRow, 'product_id'> & Partial<Pick<ProgressRow, 'current_lesson_id'>>,
): Progress {
  return {
    productId: row.product_id,
    ...figuresOf(row),
    // Single-video products answer exactly as before: no lessonId at all.
    ...(row.current_lesson_id ? { lessonId: row.current_lesson_id } : {}),
  };
}

/** What a product the user never touched looks like. */
export const emptyProgress = (productId: string): Progress => ({
  productId,
  progress: 0,
  lastPosition: 0,
  furthestPosition: 0,
  completed: false,
  completedAt: null,
  updatedAt: null,
});

export async function findProgress(
  db: Db,
  userId: string,
  productId: string,
): Promise<ProgressRow | undefined> {
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', '=', productId)
    .executeTakeFirst();
}

export interface SaveItem {
  userId: string;
  productId: string;
  write: ProgressWrite;
}

/** The tables holding positions under the same rules: a product's own rows, and a course's rows per lesson. */
const POSITION_KEYS = {
  progress: ['user_id', 'product_id'],
  lesson_progress: ['user_id', 'product_id', 'lesson_id'],
} as const;
type PositionTable = keyof typeof POSITION_KEYS;
type PositionKey<T extends PositionTable> = (typeof POSITION_KEYS)[T][number];
export type PositionItem<T extends PositionTable> = {
  key: Record<PositionKey<T>, string>;
  write: ProgressWrite;
};
export type WrittenPosition<T extends PositionTable> = Selectable<Database[T]> & { applied: boolean };

/**
 * Saves positions in one atomic multi-row upsert, into a product's rows or a course's lesson rows. Postgres
 * evaluates the conflict branch against the newest committed row, so concurrent saves never lose or rewind each
 * other: a write whose client time is older than the stored one is ignored, `completed` only ever turns on, and
 * the furthest point reached (the percentage and `furthest_position`) never drops: re-watching moves only the
 * last position, where playback resumes. Each applied save also credits the learner's learning time of the day
 * (learningCredit), in the same statement.
 *
 * A key may come more than once (a learner's saves that queued together): the outcome is that of the saves
 * applied one after another in the order given, with each row written once. A save older than an earlier save
 * of its row in the same call never applies (that one either applied and is newer, or was itself older than the
 * stored row); every other save applies if it is not older than the stored row. Answers, in the order of `items`,
 * the stored row after the statement, each with whether that save changed it.
 */
export async function upsertPositions<T extends PositionTable>(
  db: Db,
  table: T,
  items: PositionItem<T>[],
): Promise<WrittenPosition<T>[]> {
  if (items.length === 0) return [];
  const keys: readonly PositionKey<T>[] = POSITION_KEYS[table];
  const keyList = sql.join(keys.map((k) => sql.id(k)));
  const keyOf = (row: Record<PositionKey<T>, string>) => keys.map((k) => row[k]).join('\u0000');
  const newestOfKey = new Map<string, number>();
  const outranked = items.map(({ key, write }) => {
    if (write.clientTime === null) return false;
    const newest = newestOfKey.get(keyOf(key));
    if (newest !== undefined && write.clientTime < newest) return true;
    newestOfKey.set(keyOf(key), write.clientTime);
    return false;
  });
  // One array a column: the statement's text is the same however many saves it holds, and the driver sends
  // nine parameters instead of ten a save. `ord` is each save's place in `items`.
  const column = <V>(value: (item: PositionItem<T>) => V) => items.map(value);
  const keyArrays = sql.join(keys.map((k) => sql`${column(({ key }) => key[k])}::text[]`));
  const input = sql`
    select ${keyList}, (n - 1)::int, progress, last_position, completed, client_ts, outranked, end_seconds
      from unnest(${keyArrays},
                  ${column(({ write }) => write.progress)}::smallint[],
                  ${column(({ write }) => write.lastPosition)}::double precision[],
                  ${column(({ write }) => write.completed)}::boolean[],
                  ${column(({ write }) => write.clientTime)}::bigint[],
                  ${outranked}::boolean[],
                  ${column(({ write }) => write.endSeconds ?? null)}::double precision[])
           with ordinality
             as u (${keyList}, progress, last_position, completed, client_ts, outranked, end_seconds, n)`;
  const sameKey = (a: string, b: string) =>
    sql.join(
      keys.map((k) => sql`${sql.ref(`${a}.${k}`)} = ${sql.ref(`${b}.${k}`)}`),
      sql` and `,
    );
  // The same text at every call: prepared once a connection (executePrepared), not planned at every save.
  const rows = await executePrepared(
    db,
    sql<WrittenPosition<T> & { ords: number[] | null }>`
    with input (${keyList}, ord, progress, last_position, completed, client_ts, outranked, end_seconds)
      as (${input}),
    ${learningCredit.before(table, keys, keyList)},
    merged as (
      select ${keyList}, array_agg(i.ord) as ords, max(i.progress) as progress,
             (array_agg(i.last_position order by i.ord desc))[1] as last_position, max(i.last_position) as furthest_position,
             bool_or(i.completed) as completed, max(i.client_ts) as client_ts, min(i.end_seconds) as end_seconds
        from input i left join before b using (${keyList})
       where not i.outranked and (i.client_ts is null or b.client_ts is null or i.client_ts >= b.client_ts)
       group by ${keyList}
    ),
    written as (
      insert into ${sql.table(table)} as p (${keyList}, progress, last_position, furthest_position, completed, completed_at, client_ts, updated_at)
      select ${keyList}, progress, last_position, furthest_position, completed, case when completed then now() end, client_ts, now() from merged
      on conflict (${keyList}) do update set
        progress = greatest(p.progress, excluded.progress),
        last_position = excluded.last_position,
        -- A furthest point stored beyond the media's end (before this rule) is mended by the next save.
        furthest_position = least(
          greatest(p.furthest_position, excluded.furthest_position),
          (select m.end_seconds from merged m where ${sameKey('m', 'excluded')})
        ),
        completed = p.completed or excluded.completed,
        completed_at = case when p.completed then p.completed_at when excluded.completed then now() end,
        client_ts = greatest(p.client_ts, excluded.client_ts),
        updated_at = now()
      where excluded.client_ts is null or p.client_ts is null or excluded.client_ts >= p.client_ts
      returning p.*
    ),
    ${learningCredit.learned(keys)}
    select w.*, true as applied, m.ords from written w join merged m on ${sameKey('m', 'w')}
    union all
    select t.*, false as applied, null::int[] as ords from ${sql.table(table)} t
     where (${sql.join(keys.map((k) => sql.ref(`t.${k}`)))}) in (select ${keyList} from input)
       and not exists (select 1 from written w where ${sameKey('w', 't')})
  `.compile(db),
  );
  const byKey = new Map(rows.map((row) => [keyOf(row as unknown as Record<PositionKey<T>, string>), row]));
  return Promise.all(
    items.map(async ({ key }, ord) => {
      const written = byKey.get(keyOf(key));
      if (written) {
        const { ords, ...row } = written;
        return {
          ...row,
          applied: written.applied && ords !== null && ords.includes(ord),
        } as unknown as WrittenPosition<T>;
      }
      // Stored by a save that committed after this statement's snapshot (so its row was not in the union): read it now.
      const stored = await sql<WrittenPosition<T>>`
        select t.*, false as applied from ${sql.table(table)} t where ${sql.join(
          keys.map((k) => sql`${sql.ref(`t.${k}`)} = ${key[k]}`),
          sql` and `,
        )}
      `.execute(db);
      if (!stored.rows[0]) throw new Error(`${table} upsert returned no row`);
      return stored.rows[0];
    }),
  );
}

/** Saves products' positions (see upsertPositions); the save batcher's statement. */
export async function saveProgressMany(db: Db, items: SaveItem[]): Promise<ProgressWriteResult[]> {
  const rows = await upsertPositions(
    db,
    'progress',
    items.map(({ userId, productId, write }) => ({ key: { user_id: userId, product_id: productId }, write })),
  );
  return rows.map((row) => ({ ...toProgress(row), applied: row.applied }));
}

/**
 * The explicit actions, in one upsert over rows of either table: `complete` marks them completed at 100
 * (keeping the first completion time and where the learner was), `reset` takes them back to zero (the only
 * way `completed` goes back; a product's row also forgets its lesson). Both always apply and keep the newest
 * client time, so saves older than the action stay stale. Answers the stored rows in the order of `keys`.
 */
export async function markPositions<T extends PositionTable>(
  db: Db,
  table: T,
  rowKeys: Record<PositionKey<T>, string>[],
  action: 'complete' | 'reset',
  clientTime: number | null,
): Promise<Selectable<Database[T]>[]> {
  if (rowKeys.length === 0) return [];
  const keys: readonly PositionKey<T>[] = POSITION_KEYS[table];
  const keyList = sql.join(keys.map((k) => sql.id(k)));
  const completes = action === 'complete';
  const values = sql.join(
    rowKeys.map(
      (key) =>
        sql`(${sql.join(keys.map((k) => sql`${key[k]}::text`))}, ${completes ? 100 : 0}::smallint, ${completes}::boolean, ${completes ? sql`now()` : null}::timestamptz, ${clientTime}::bigint)`,
    ),
  );
  const changes = completes
    ? sql`progress = 100, completed = true, completed_at = coalesce(p.completed_at, now())`
    : sql`progress = 0, last_position = 0, furthest_position = 0, completed = false, completed_at = null${table === 'progress' ? sql`, current_lesson_id = null` : sql``}`;
  const { rows } = await sql<Selectable<Database[T]>>`
    insert into ${sql.table(table)} as p (${keyList}, progress, completed, completed_at, client_ts)
    values ${values}
    on conflict (${keyList}) do update set ${changes}, client_ts = greatest(p.client_ts, excluded.client_ts), updated_at = now()
    returning p.*
  `.execute(db);
  const keyOf = (row: Record<PositionKey<T>, string>) => keys.map((k) => row[k]).join('\u0000');
  const byKey = new Map(rows.map((row) => [keyOf(row as unknown as Record<PositionKey<T>, string>), row]));
  return rowKeys.map((key) => byKey.get(keyOf(key))!);
}

/**
 * An explicit action on one product, so it always applies: `complete` marks it completed at 100; `reset` takes
 * it back to zero (the only way `completed` goes back), keeping the newest client time so older saves stay stale.
 */
export async function markProgress(
  db: Db,
  userId: string,
  productId: string,
  mark: 'complete' | 'reset',
  clientTime: number | null,
): Promise<Progress> {
  const [row] = await markPositions(
    db,
    'progress',
    [{ user_id: userId, product_id: productId }],
    mark,
    clientTime,
  );
  return toProgress(row!);
}

/** A user's rows, newest first. In progress: started (percentage or position above zero), not completed. */
export async function listProgress(
  db: Db,
  userId: string,
  { status, limit, offset }: { status: ProgressStatus; limit: number; offset: number },
): Promise<{ rows: ProgressRow[]; total: number }> {
  const base = db
    .selectFrom('progress')
    .where('user_id', '=', userId)
    .$if(status === 'completed', (qb) => qb.where('completed', '=', true))
    .$if(status === 'in-progress', (qb) =>
      qb
        .where('completed', '=', false)
        .where((eb) => eb.or([eb('progress', '>', 0), eb('last_position', '>', 0)])),
    );
  const [rows, count] = await Promise.all([
    base
      .selectAll()
      .orderBy('updated_at', 'desc')
      .orderBy('product_id')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function progressForProducts(
  db: Db,
  userId: string,
  productIds: string[],
): Promise<ProgressRow[]> {
  if (productIds.length === 0) return [];
  return db
    .selectFrom('progress')
    .selectAll()
    .where('user_id', '=', userId)
    .where('product_id', 'in', productIds)
    .execute();
}

/** Every started row of a user (progress or position above zero, or completed), for the stats. */
export async function startedProgress(
  db: Db,
  userId: string,
): Promise<Pick<ProgressRow, 'product_id' | 'progress' | 'completed'>[]> {
  return db
    .selectFrom('progress')
    .select(['product_id', 'progress', 'completed'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('progress', '>', 0), eb('last_position', '>', 0), eb('completed', '=', true)]))
    .execute();
}

/** Content deleted a product: its progress (a course's lesson rows too) goes with it; answers how many learners' rows went. */
export async function deleteProductProgress(db: Db, productId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('lesson_progress').where('product_id', '=', productId).execute();
    const result = await trx.deleteFrom('progress').where('product_id', '=', productId).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}

/** Every progress row of one user, lesson rows included (their account is being deleted); answers how many products' rows went. */
export async function deleteUserProgress(db: Db, userId: string): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('lesson_progress').where('user_id', '=', userId).execute();
    await trx.deleteFrom('learning_days').where('user_id', '=', userId).execute();
    const result = await trx.deleteFrom('progress').where('user_id', '=', userId).executeTakeFirst();
    return Number(result.numDeletedRows);
  });
}
