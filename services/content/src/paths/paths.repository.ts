// Learning paths' reads and writes: a path row and its items in order, each item its product's card facts.
import { sql, type Kysely } from 'kysely';
import type { LearningPath, PathItem, PathSummary, PathValues } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { LearningPathRow } from '../db/tables/learning-path';

type Db = Kysely<Database>;
const ID = /^[0-9a-f]{24}$/;

/** Whose view: the public sees published paths and their listed items only; an admin sees everything. */
export interface PathView {
  admin: boolean;
}

function toSummary(row: LearningPathRow, itemCount: number): PathSummary {
  return {
    _id: row.id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    level: row.level,
    estimatedHours: Number(row.estimated_hours),
    isPublished: row.is_published,
    itemCount,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

/** Paths newest first (the public's: published, counting their listed items). */
export async function listPaths(db: Db, { admin }: PathView): Promise<PathSummary[]> {
  const rows = await db
    .selectFrom('learning_paths as lp')
    .selectAll('lp')
    .select((eb) =>
      eb
        .selectFrom('learning_path_items as i')
        .innerJoin('products as p', 'p.id', 'i.product_id')
        .whereRef('i.path_id', '=', 'lp.id')
        .$if(!admin, (qb) => qb.where('p.listed', '=', true))
        .select(sql<number>`count(*)::int`.as('n'))
        .as('item_count'),
    )
    .$if(!admin, (qb) => qb.where('lp.is_published', '=', true))
    .orderBy('lp.created_at', 'desc')
    .orderBy('lp.id')
    .limit(500)
    .execute();
  return rows.map((row) => toSummary(row, row.item_count ?? 0));
}

/** The items of a path in order (the public's: listed products only). */
async function listItems(db: Db, pathId: string, { admin }: PathView): Promise<PathItem[]> {
  const rows = await db
    .selectFrom('learning_path_items as i')
    .innerJoin('products as p', 'p.id', 'i.product_id')
    .where('i.path_id', '=', pathId)
    .$if(!admin, (qb) => qb.where('p.listed', '=', true))
    .select(['p.id', 'p.product_id', 'p.slug', 'p.title', 'p.type', 'p.thumbnail', 'p.duration', 'p.listed'])
    .orderBy('i.position')
    .execute();
  return rows.map((p) => ({
    productId: p.id,
    publicId: p.product_id,
    slug: p.slug,
    title: p.title,
    type: p.type,
    thumbnail: p.thumbnail,
    duration: p.duration,
    isPublished: p.listed,
  }));
}

/** One path by id or slug with its items (the public's: published only), or undefined. */
export async function findPath(db: Db, idOrSlug: string, view: PathView): Promise<LearningPath | undefined> {
  const row = await db
    .selectFrom('learning_paths')
    .selectAll()
    .where(ID.test(idOrSlug) ? 'id' : 'slug', '=', idOrSlug)
    .$if(!view.admin, (qb) => qb.where('is_published', '=', true))
    .executeTakeFirst();
  if (!row) return undefined;
  const items = await listItems(db, row.id, view);
  return { ...toSummary(row, items.length), items };
}

/** The given product ids that name no product. */
export async function unknownProducts(db: Db, ids: string[]): Promise<string[]> {
  const known = new Set(
    (await db.selectFrom('products').select('id').where('id', 'in', ids).execute()).map((r) => r.id),
  );
  return ids.filter((id) => !known.has(id));
}

export async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const row = await db
    .selectFrom('learning_paths')
    .select('id')
    .where('slug', '=', slug)
    .$if(exceptId !== undefined, (qb) => qb.where('id', '<>', exceptId!))
    .executeTakeFirst();
  return row !== undefined;
}

type PathWrite = Omit<PathValues, 'slug'> & { slug: string };

/** Writes the path and replaces its items, in one transaction; false when an update found no path. */
export async function savePath(db: Db, id: string, values: PathWrite, { create }: { create: boolean }) {
  return db.transaction().execute(async (trx) => {
    const fields = {
      slug: values.slug,
      title: values.title,
      description: values.description,
      level: values.level,
      estimated_hours: values.estimatedHours,
      is_published: values.isPublished,
    };
    if (create)
      await trx
        .insertInto('learning_paths')
        .values({ id, ...fields })
        .execute();
    else {
      const updated = await trx
        .updateTable('learning_paths')
        .set({ ...fields, updated_at: new Date() })
        .where('id', '=', id)
        .executeTakeFirst();
      if (updated.numUpdatedRows === 0n) return false;
      await trx.deleteFrom('learning_path_items').where('path_id', '=', id).execute();
    }
    await trx
      .insertInto('learning_path_items')
      .values(values.items.map((productId, position) => ({ path_id: id, position, product_id: productId })))
      .execute();
    return true;
  });
}

export async function deletePath(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('learning_paths').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}
