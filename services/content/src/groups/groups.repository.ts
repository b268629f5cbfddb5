// Categories and creators are one entity, the two ways the catalogue is grouped (same columns, each
// owning products through its own key): their shape, their admin reads and their writes live here once.
import { sql, type Kysely } from 'kysely';
import type { Category, CategoryValues, Creator, CreatorValues } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { GroupRow } from '../db/tables/group';

type Db = Kysely<Database>;

/** The two tables a product belongs to. */
export type ParentTable = 'categories' | 'creators';

/** The API shape of a category row. */
export function toCategory(row: GroupRow, productCount?: number): Category {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    slug: row.slug,
    icon: row.icon,
    color: row.color,
    isActive: row.is_active,
    sortOrder: row.sort_order,
    createdAt: row.created_at.toISOString(),
    ...(productCount === undefined ? {} : { productCount }),
  };
}

/** The API shape of a creator row: a category's, plus `id` (the spec's creator entries carry both `id` and `_id`). */
export function toCreator(row: GroupRow, productCount?: number): Creator {
  const { _id, ...rest } = toCategory(row, productCount);
  return { _id, id: _id, ...rest };
}

const shapeOf = { categories: toCategory, creators: toCreator } as const;
/** A row of the table as the admin sees it: its API shape with every product it holds (drafts included). */
export type AdminShape<T extends ParentTable> = (T extends 'creators' ? Creator : Category) & {
  productCount: number;
};
const productKey = { categories: 'category_id', creators: 'creator_id' } as const;

/** Every product of the row, drafts included: what blocks a delete. */
const productCount = (table: ParentTable) =>
  sql<number>`(select count(*)::int from products p where ${sql.ref(`p.${productKey[table]}`)} = ${sql.table(table)}.id)`;

async function listParentRows(db: Db, table: ParentTable) {
  return db
    .selectFrom(table)
    .selectAll()
    .select(productCount(table).as('product_count'))
    .orderBy('sort_order')
    .orderBy('name')
    .orderBy('id')
    .execute();
}

async function findParentRow(db: Db, table: ParentTable, id: string) {
  return db
    .selectFrom(table)
    .selectAll()
    .select(productCount(table).as('product_count'))
    .where('id', '=', id)
    .executeTakeFirst();
}

const parentColumns = (v: CategoryValues | CreatorValues) => ({
  name: v.name,
  description: v.description,
  slug: v.slug,
  icon: v.icon,
  color: v.color,
  is_active: v.isActive,
  sort_order: v.sortOrder,
});

async function insertParent(db: Db, table: ParentTable, id: string, values: CategoryValues | CreatorValues) {
  await db
    .insertInto(table)
    .values({ id, ...parentColumns(values) })
    .execute();
}

/** Answers false when the row does not exist. */
async function updateParent(
  db: Db,
  table: ParentTable,
  id: string,
  values: CategoryValues | CreatorValues,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ ...parentColumns(values), updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/**
 * Deletes a row that holds no products. Locks the row so a product cannot be added between the count
 * and the delete (the foreign key would refuse it anyway; this turns that into a clear answer).
 */
async function deleteParentWithoutProducts(
  db: Db,
  table: ParentTable,
  id: string,
): Promise<{ deleted: boolean; productCount: number }> {
  return db.transaction().execute(async (trx) => {
    const row = await trx.selectFrom(table).select('id').where('id', '=', id).forUpdate().executeTakeFirst();
    if (!row) return { deleted: false, productCount: 0 };
    const { count } = await trx
      .selectFrom('products')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(productKey[table], '=', id)
      .executeTakeFirstOrThrow();
    if (Number(count) > 0) return { deleted: false, productCount: Number(count) };
    await trx.deleteFrom(table).where('id', '=', id).execute();
    return { deleted: true, productCount: 0 };
  });
}

async function parentExists(db: Db, table: ParentTable, id: string): Promise<boolean> {
  return (await db.selectFrom(table).select('id').where('id', '=', id).executeTakeFirst()) !== undefined;
}

/** Every row, inactive ones too, with every product it holds (drafts included), as the admin list shows them. */
export async function listAdmin<T extends ParentTable>(db: Db, table: T): Promise<AdminShape<T>[]> {
  return (await listParentRows(db, table)).map(
    (row) => ({ ...shapeOf[table](row), productCount: row.product_count }) as AdminShape<T>,
  );
}

export async function findAdmin<T extends ParentTable>(
  db: Db,
  table: T,
  id: string,
): Promise<AdminShape<T> | undefined> {
  const row = await findParentRow(db, table, id);
  return row ? ({ ...shapeOf[table](row), productCount: row.product_count } as AdminShape<T>) : undefined;
}

/** Another row already using this slug or, when names are unique (categories), this name (case-insensitively). */
export async function findClash(
  db: Db,
  table: ParentTable,
  { name, slug }: { name: string; slug: string },
  { uniqueName, exceptId }: { uniqueName: boolean; exceptId?: string },
) {
  let query = db
    .selectFrom(table)
    .select(['id', 'name', 'slug'])
    .where((eb) =>
      uniqueName
        ? eb.or([eb(sql`lower(name)`, '=', name.toLowerCase()), eb('slug', '=', slug)])
        : eb('slug', '=', slug),
    );
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export { insertParent, updateParent, deleteParentWithoutProducts, parentExists };
