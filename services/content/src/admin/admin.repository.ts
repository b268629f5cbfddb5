// Admin-only queries: lists that include drafts and inactive rows, writes, and the dashboard counts.
// Reads shared with the catalogue (shapes, product joins) come from its repositories.
import { sql, type Kysely } from 'kysely';
import type { AdminCategory, AdminCreator, AdminProduct, CategoryValues, CreatorValues, ProductValues } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { toCategory } from '../categories/categories.repository';
import { toCreator } from '../creators/creators.repository';
import { findProduct, toPremiumProduct, type ProductRecord } from '../products/products.repository';

type Db = Kysely<Database>;

// ---------- categories and creators ----------

/** The two tables a product belongs to: the same columns, each owning products through its own key. */
type ParentTable = 'categories' | 'creators';
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
  return db.selectFrom(table).selectAll().select(productCount(table).as('product_count')).where('id', '=', id).executeTakeFirst();
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
  await db.insertInto(table).values({ id, ...parentColumns(values) }).execute();
}

/** Answers false when the row does not exist. */
async function updateParent(db: Db, table: ParentTable, id: string, values: CategoryValues | CreatorValues): Promise<boolean> {
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
async function deleteParentWithoutProducts(db: Db, table: ParentTable, id: string): Promise<{ deleted: boolean; productCount: number }> {
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

// ---------- categories ----------

export async function listAdminCategories(db: Db): Promise<AdminCategory[]> {
  return (await listParentRows(db, 'categories')).map((row) => ({ ...toCategory(row), productCount: row.product_count }));
}

export async function findAdminCategory(db: Db, id: string): Promise<AdminCategory | undefined> {
  const row = await findParentRow(db, 'categories', id);
  return row ? { ...toCategory(row), productCount: row.product_count } : undefined;
}

/** Another category already using this name (case-insensitively) or slug, if any. */
export async function findCategoryClash(db: Db, { name, slug }: { name: string; slug: string }, exceptId?: string) {
  let query = db
    .selectFrom('categories')
    .select(['id', 'name', 'slug'])
    .where((eb) => eb.or([eb(sql`lower(name)`, '=', name.toLowerCase()), eb('slug', '=', slug)]));
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export const insertCategory = (db: Db, id: string, values: CategoryValues) => insertParent(db, 'categories', id, values);
/** Answers false when the category does not exist. */
export const updateCategory = (db: Db, id: string, values: CategoryValues) => updateParent(db, 'categories', id, values);
export const deleteEmptyCategory = (db: Db, id: string) => deleteParentWithoutProducts(db, 'categories', id);
export const categoryExists = (db: Db, id: string) => parentExists(db, 'categories', id);

// ---------- creators ----------

export async function listAdminCreators(db: Db): Promise<AdminCreator[]> {
  return (await listParentRows(db, 'creators')).map((row) => ({ ...toCreator(row), productCount: row.product_count }));
}

export async function findAdminCreator(db: Db, id: string): Promise<AdminCreator | undefined> {
  const row = await findParentRow(db, 'creators', id);
  return row ? { ...toCreator(row), productCount: row.product_count } : undefined;
}

export async function findCreatorBySlug(db: Db, slug: string, exceptId?: string) {
  let query = db.selectFrom('creators').select(['id', 'name']).where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return query.executeTakeFirst();
}

export const insertCreator = (db: Db, id: string, values: CreatorValues) => insertParent(db, 'creators', id, values);
export const updateCreator = (db: Db, id: string, values: CreatorValues) => updateParent(db, 'creators', id, values);
export const deleteCreatorWithoutProducts = (db: Db, id: string) => deleteParentWithoutProducts(db, 'creators', id);
export const creatorExists = (db: Db, id: string) => parentExists(db, 'creators', id);

// ---------- products ----------

export function toAdminProduct(row: ProductRecord): AdminProduct {
  return {
    ...toPremiumProduct(row),
    content: row.content,
    createdBy: row.created_by_name || row.created_by_email ? { name: row.created_by_name ?? '', email: row.created_by_email ?? '' } : null,
  };
}

export async function findAdminProduct(db: Db, id: string): Promise<AdminProduct | undefined> {
  const row = await findProduct(db, id, { includeHidden: true });
  // findProduct also matches productId and slug; the admin routes address products by _id only.
  return row && row.id === id ? toAdminProduct(row) : undefined;
}

export async function productSlugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('products').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function productIdTaken(db: Db, productId: string): Promise<boolean> {
  return (await db.selectFrom('products').select('id').where('product_id', '=', productId).executeTakeFirst()) !== undefined;
}

/** Product values after the handler has settled the slug and sanitised the content. */
export type ProductWrite = Omit<ProductValues, 'slug'> & { slug: string };

const productColumns = (v: ProductWrite) => ({
  title: v.title,
  description: v.description,
  content: v.content,
  category_id: v.category,
  creator_id: v.creator,
  type: v.type,
  difficulty: v.difficulty,
  duration: v.duration,
  thumbnail: v.thumbnail,
  video_url: v.videoUrl,
  tags: v.tags,
  price: v.price,
  instructor: v.instructor,
  slug: v.slug,
  is_active: v.isActive,
  is_published: v.isPublished,
  is_featured: v.isFeatured,
  sort_order: v.sortOrder,
});

export async function insertProduct(
  db: Db,
  ids: { id: string; productId: string },
  values: ProductWrite,
  createdBy: { id: string; name: string; email: string },
) {
  await db
    .insertInto('products')
    .values({
      id: ids.id,
      product_id: ids.productId,
      ...productColumns(values),
      created_by_id: createdBy.id,
      created_by_name: createdBy.name,
      created_by_email: createdBy.email,
    })
    .execute();
}

export async function updateProduct(db: Db, id: string, values: ProductWrite): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({ ...productColumns(values), updated_at: new Date() })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProduct(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

// ---------- dashboard ----------

export async function countCatalogue(db: Db) {
  const row = await db
    .selectNoFrom([
      sql<number>`(select count(*)::int from categories)`.as('categories'),
      sql<number>`(select count(*)::int from creators)`.as('creators'),
      sql<number>`(select count(*)::int from products)`.as('products'),
      sql<number>`(select count(*)::int from products where is_published)`.as('published'),
    ])
    .executeTakeFirstOrThrow();
  return {
    categories: row.categories,
    creators: row.creators,
    products: { total: row.products, published: row.published, draft: row.products - row.published },
  };
}
