import { sql, type Kysely } from 'kysely';
import type { Progress, ProgressStatus, ProgressWriteResult } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { ProgressRow } from '../db/tables/progress';

type Db = Kysely<Database>;

export interface ProgressWrite {
  progress: number;
  lastPosition: number;
  completed: boolean;
  clientTime: number | null;
}

export function toProgress(
  row: Pick<ProgressRow, 'product_id' | 'progress' | 'last_position' | 'furthest_position' | 'completed' | 'completed_at' | 'updated_at'>,
): Progress {
  return {
    productId: row.product_id,
    progress: row.progress,
    lastPosition: row.last_position,
    furthestPosition: row.furthest_position,
    completed: row.completed,
    completedAt: row.completed_at ? new Date(row.completed_at).toISOString() : null,
    updatedAt: row.updated_at ? new Date(row.updated_at).toISOString() : null,
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

export async function findProgress(db: Db, userId: string, productId: string): Promise<ProgressRow | undefined> {
  return db.selectFrom('progress').selectAll().where('user_id', '=', userId).where('product_id', '=', productId).executeTakeFirst();
}

type WrittenRow = ProgressRow & { applied: boolean };

export interface SaveItem {
  userId: string;
  productId: string;
  write: ProgressWrite;
}

const rowKey = (userId: string, productId: string) => `${userId}\u0000${productId}`;

/**
 * Saves positions in one atomic multi-row upsert (each (user, product) at most once per call). Postgres
 * evaluates the conflict branch against the newest committed row, so concurrent saves never lose or
 * rewind each other: a write whose client time is older than the stored one is ignored, `completed`
 * only ever turns on, and the furthest point reached (the percentage and `furthest_position`) never
 * drops: re-watching moves only the last position, where playback resumes. Answers in the order of `items`.
 */
export async function saveProgressMany(db: Db, items: SaveItem[]): Promise<ProgressWriteResult[]> {
  if (items.length === 0) return [];
  const values = sql.join(
    items.map(
      ({ userId, productId, write }) =>
        sql`(${userId}::text, ${productId}::text, ${write.progress}::smallint, ${write.lastPosition}::double precision, ${write.completed}::boolean, ${write.clientTime}::bigint)`,
    ),
  );
  const { rows } = await sql<WrittenRow>`
    with input (user_id, product_id, progress, last_position, completed, client_ts) as (values ${values}),
    written as (
      insert into progress as p (user_id, product_id, progress, last_position, furthest_position, completed, completed_at, client_ts, updated_at)
      select user_id, product_id, progress, last_position, last_position, completed, case when completed then now() end, client_ts, now() from input
      on conflict (user_id, product_id) do update set
        progress = greatest(p.progress, excluded.progress),
        last_position = excluded.last_position,
        furthest_position = greatest(p.furthest_position, excluded.last_position),
        completed = p.completed or excluded.completed,
        completed_at = case when p.completed then p.completed_at when excluded.completed then now() end,
        client_ts = greatest(p.client_ts, excluded.client_ts),
        updated_at = now()
      where excluded.client_ts is null or p.client_ts is null or excluded.client_ts >= p.client_ts
      returning p.*, true as applied
    )
    select * from written
    union all
    select progress.*, false as applied from progress join input using (user_id, product_id)
     where not exists (select 1 from written w where w.user_id = input.user_id and w.product_id = input.product_id)
  `.execute(db);
  const byKey = new Map(rows.map((row) => [rowKey(row.user_id, row.product_id), row]));
  return Promise.all(
    items.map(async ({ userId, productId }) => {
      const row = byKey.get(rowKey(userId, productId)) ?? (await findProgress(db, userId, productId).then((r) => r && { ...r, applied: false }));
      if (!row) throw new Error('progress upsert returned no row');
      return { ...toProgress(row), applied: row.applied };
    }),
  );
}

/** Marks a product completed at 100; an explicit action, so it always applies. */
export async function completeProgress(db: Db, userId: string, productId: string, clientTime: number | null): Promise<Progress> {
  const row = await db
    .insertInto('progress')
    .values({ user_id: userId, product_id: productId, progress: 100, completed: true, completed_at: sql<Date>`now()`, client_ts: clientTime })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet({
        progress: 100,
        completed: true,
        completed_at: sql<Date>`coalesce(progress.completed_at, now())`,
        client_ts: sql<number>`greatest(progress.client_ts, excluded.client_ts)`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProgress(row);
}

/** Back to zero: the only way `completed` goes back. Keeps the newest client time so older saves stay stale. */
export async function resetProgress(db: Db, userId: string, productId: string, clientTime: number | null): Promise<Progress> {
  const row = await db
    .insertInto('progress')
    .values({ user_id: userId, product_id: productId, progress: 0, last_position: 0, furthest_position: 0, completed: false, completed_at: null, client_ts: clientTime })
    .onConflict((oc) =>
      oc.columns(['user_id', 'product_id']).doUpdateSet({
        progress: 0,
        last_position: 0,
        furthest_position: 0,
        completed: false,
        completed_at: null,
        client_ts: sql<number>`greatest(progress.client_ts, excluded.client_ts)`,
        updated_at: sql<Date>`now()`,
      }),
    )
    .returningAll()
    .executeTakeFirstOrThrow();
  return toProgress(row);
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
      qb.where('completed', '=', false).where((eb) => eb.or([eb('progress', '>', 0), eb('last_position', '>', 0)])),
    );
  const [rows, count] = await Promise.all([
    base.selectAll().orderBy('updated_at', 'desc').orderBy('product_id').limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

export async function progressForProducts(db: Db, userId: string, productIds: string[]): Promise<ProgressRow[]> {
  if (productIds.length === 0) return [];
  return db.selectFrom('progress').selectAll().where('user_id', '=', userId).where('product_id', 'in', productIds).execute();
}

/** Every started row of a user (progress or position above zero, or completed), for the stats. */
export async function startedProgress(db: Db, userId: string): Promise<Pick<ProgressRow, 'product_id' | 'progress' | 'completed'>[]> {
  return db
    .selectFrom('progress')
    .select(['product_id', 'progress', 'completed'])
    .where('user_id', '=', userId)
    .where((eb) => eb.or([eb('progress', '>', 0), eb('last_position', '>', 0), eb('completed', '=', true)]))
    .execute();
}

/** Content deleted a product: its progress goes with it. */
export async function deleteProductProgress(db: Db, productId: string): Promise<number> {
  const result = await db.deleteFrom('progress').where('product_id', '=', productId).executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Every progress row of one user (their account is being deleted); answers how many went. */
export async function deleteUserProgress(db: Db, userId: string): Promise<number> {
  const result = await db.deleteFrom('progress').where('user_id', '=', userId).executeTakeFirst();
  return Number(result.numDeletedRows);
}
