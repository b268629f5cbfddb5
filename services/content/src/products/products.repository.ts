import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type {
  AdminProduct,
  Difficulty,
  MediaUsage,
  PremiumProduct,
  ProductDetail,
  ProductStream,
  ProductSort,
  ProductSummary,
  ProductType,
  ProductValues,
  PublicProduct,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { ProductRow } from '../db/tables/product';
import { countUpTo, matchesSearch, offsetOf, totalFromPage, type CappedTotal } from '../db/search';

/** A product row with the names of its category and creator. */
export interface ProductRecord extends ProductRow {
  category_name: string;
  category_slug: string;
  creator_name: string;
  creator_slug: string;
}

export interface ProductFilterOptions {
  search?: string;
  type?: ProductType;
  difficulty?: Difficulty;
  /** Category id or slug. */
  category?: string;
  /** Creator id or slug. */
  creator?: string;
  featured?: boolean;
  /** At least this average of stars (unrated products never match). */
  minRating?: number;
  /** Admins see drafts and inactive items; everyone else never does. */
  includeHidden?: boolean;
}

export interface ProductListOptions extends ProductFilterOptions {
  sort?: ProductSort;
  page: number;
  limit: number;
}

type Products = SelectQueryBuilder<Database & { p: Database['products'] }, 'p', Record<never, never>>;
type Joined = SelectQueryBuilder<
  Database & { p: Database['products']; c: Database['categories']; cr: Database['creators'] },
  'p' | 'c' | 'cr',
  Record<never, never>
>;

/** What a ProductRecord adds to the row, from `categories as c` and `creators as cr` joined to `products as p`. */
export const PRODUCT_REF_COLUMNS = [
  'c.name as category_name',
  'c.slug as category_slug',
  'cr.name as creator_name',
  'cr.slug as creator_slug',
] as const;

/** Category and creator names for rows already chosen: joins run after the LIMIT, on the page's rows only. */
function withRefs(query: Joined) {
  return query
    .innerJoin('categories as c', 'c.id', 'p.category_id')
    .innerJoin('creators as cr', 'cr.id', 'p.creator_id')
    .selectAll('p')
    .select(PRODUCT_REF_COLUMNS);
}

/** `p.listed` as a bare predicate (not `= $1`), so the planner matches the partial indexes `where listed`. */
const listed = sql<boolean>`p.listed`;

/** The products matching the filters, on the product row alone (`listed` holds the visibility rule; see the migration). */
function matching(db: Kysely<Database>, f: ProductFilterOptions): Products {
  let q = db.selectFrom('products as p') as unknown as Products;
  if (!f.includeHidden) q = q.where(listed);
  if (f.search) q = q.where(matchesSearch('p.search_text', f.search));
  if (f.type) q = q.where('p.type', '=', f.type);
  if (f.difficulty) q = q.where('p.difficulty', '=', f.difficulty);
  if (f.featured !== undefined) q = q.where('p.is_featured', '=', f.featured);
  if (f.minRating !== undefined) q = q.where('p.rating_average', '>=', String(f.minRating));
  const { category, creator } = f;
  if (category)
    q = q.where(
      'p.category_id',
      'in',
      db
        .selectFrom('categories')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', category), eb('slug', '=', category)])),
    );
  if (creator)
    q = q.where(
      'p.creator_id',
      'in',
      db
        .selectFrom('creators')
        .select('id')
        .where((eb) => eb.or([eb('id', '=', creator), eb('slug', '=', creator)])),
    );
  return q;
}

/** A column of the product row read as `p`, whatever else the query joins. */
const productColumn = (column: keyof Database['products'] & string) => sql.ref(`p.${column}`);

/** Every ORDER BY ends in id, and each has a partial index in the same order (migration 07-00-00). */
function applySort<DB extends { p: Database['products'] }, TB extends keyof DB, O>(
  query: SelectQueryBuilder<DB, TB | 'p', O>,
  sort: ProductSort = 'sortOrder',
): SelectQueryBuilder<DB, TB | 'p', O> {
  switch (sort) {
    case 'title':
      return query.orderBy(sql`lower(p.title)`).orderBy(productColumn('id'));
    case 'newest':
      return query.orderBy(productColumn('created_at'), 'desc').orderBy(productColumn('id'));
    case 'duration':
      return query.orderBy(sql`p.duration asc nulls last`).orderBy(productColumn('id'));
    case 'rating':
      return query
        .orderBy(sql`p.rating_average desc nulls last`)
        .orderBy(productColumn('rating_count'), 'desc')
        .orderBy(productColumn('id'));
    default:
      return query
        .orderBy(productColumn('sort_order'))
        .orderBy(productColumn('created_at'))
        .orderBy(productColumn('id'));
  }
}

/** From this offset on, a page chooses its ids first: planning the extra join costs less than reading skipped rows. */
const IDS_FIRST_FROM_OFFSET = 100;

/**
 * One window of matches with their category and creator, joined for the window's rows only. A shallow window
 * reads its rows straight off the order's index; a deep one walks the index for ids alone (index-only over the
 * rows it skips), then reads just the window's rows.
 */
async function listWindow(
  db: Kysely<Database>,
  f: ProductFilterOptions,
  sort: ProductSort | undefined,
  limit: number,
  offset = 0,
): Promise<ProductRecord[]> {
  const page =
    offset < IDS_FIRST_FROM_OFFSET
      ? db.selectFrom(applySort(matching(db, f).selectAll('p'), sort).limit(limit).offset(offset).as('p'))
      : db
          .selectFrom(applySort(matching(db, f).select('p.id'), sort).limit(limit).offset(offset).as('w'))
          .innerJoin('products as p', 'p.id', 'w.id');
  return (await applySort(withRefs(page as unknown as Joined), sort).execute()) as unknown as ProductRecord[];
}

/** A page of a list and its total (see CappedTotal). */
export interface ListedPage<T> extends CappedTotal {
  items: T[];
}

/**
 * A page of matches with their total. The total comes from the page itself when the page is not full; else it
 * is counted up to LISTING_WINDOW (as deep as a page may start), so no page costs more as the catalogue grows.
 */
export async function listProducts(
  db: Kysely<Database>,
  options: ProductListOptions,
): Promise<ListedPage<ProductRecord>> {
  const items = await listWindow(db, options, options.sort, options.limit, offsetOf(options));
  return { items, ...(totalFromPage(items.length, options) ?? (await countUpTo(db, matching(db, options)))) };
}

/** Every matching product (bounded lists such as a creator's library), sorted. */
export async function listAllProducts(
  db: Kysely<Database>,
  options: ProductFilterOptions & { sort?: ProductSort; max?: number },
) {
  return listWindow(db, options, options.sort, options.max ?? 500);
}

/** Featured visible products for the dashboard's Top Courses. */
export async function listTopProducts(db: Kysely<Database>, limit: number): Promise<ProductRecord[]> {
  return listAllProducts(db, { featured: true, sort: 'sortOrder', max: limit });
}

/** A product by `_id`, public `productId` or slug (architecture: resolved ambiguities). */
export async function findProduct(
  db: Kysely<Database>,
  key: string,
  { includeHidden = false }: { includeHidden?: boolean } = {},
): Promise<ProductRecord | undefined> {
  let query = withRefs(db.selectFrom('products as p') as unknown as Joined).where((eb) =>
    eb.or([eb('p.id', '=', key), eb('p.product_id', '=', key), eb('p.slug', '=', key)]),
  );
  if (!includeHidden) query = query.where(listed);
  const row = await query.executeTakeFirst();
  return row as unknown as ProductRecord | undefined;
}

/** Up to `limit` other visible products of the same category, in default order. */
export async function listRelatedProducts(
  db: Kysely<Database>,
  product: Pick<ProductRow, 'id' | 'category_id'>,
  limit = 3,
) {
  const rows = await applySort(
    withRefs(db.selectFrom('products as p') as unknown as Joined)
      .where(listed)
      .where('p.category_id', '=', product.category_id)
      .where('p.id', '<>', product.id),
  )
    .limit(limit)
    .execute();
  return rows as unknown as ProductRecord[];
}

/** Summaries by `_id` for other services (drafts included: they decide what to show). */
export async function findSummaries(db: Kysely<Database>, ids: string[]): Promise<ProductSummary[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('products').selectAll().where('id', 'in', ids).execute();
  return rows.map(toSummary);
}

/** Summaries of the visible products of a category (id or slug), in default order. */
export async function listCategorySummaries(
  db: Kysely<Database>,
  category: string,
): Promise<ProductSummary[]> {
  return (await listAllProducts(db, { category, sort: 'sortOrder', max: 10_000 })).map(toSummary);
}

// ---------- shapes ----------

const price = (value: string | null) => (value === null ? null : Number(value));

export function toPublicProduct(row: ProductRecord): PublicProduct {
  return {
    _id: row.id,
    productId: row.product_id,
    slug: row.slug,
    title: row.title,
    description: row.description,
    categoryId: row.category_id,
    category: { _id: row.category_id, name: row.category_name, slug: row.category_slug },
    creatorId: row.creator_id,
    creator: { _id: row.creator_id, name: row.creator_name, slug: row.creator_slug },
    type: row.type,
    difficulty: row.difficulty,
    duration: row.duration,
    durationSeconds: row.duration_seconds,
    thumbnail: row.thumbnail,
    tags: row.tags,
    price: price(row.price),
    instructor: row.instructor,
    enrolledStudents: row.enrolled_students,
    isActive: row.is_active,
    isPublished: row.is_published,
    isFeatured: row.is_featured,
    sortOrder: row.sort_order,
    createdAt: row.created_at.toISOString(),
    ratingAverage: row.rating_average === null ? null : Number(row.rating_average),
    ratingCount: row.rating_count,
  };
}

export function toPremiumProduct(row: ProductRecord): PremiumProduct {
  return { ...toPublicProduct(row), videoUrl: row.video_url };
}

export function toProductDetail(
  row: ProductRecord,
  related: ProductRecord[],
  stream: ProductStream | null = null,
): ProductDetail {
  return {
    ...toPremiumProduct(row),
    content: row.content,
    stream,
    related: related.map(toPublicProduct),
  };
}

export function toSummary(row: ProductRow): ProductSummary {
  return {
    _id: row.id,
    productId: row.product_id,
    slug: row.slug,
    title: row.title,
    thumbnail: row.thumbnail,
    duration: row.duration,
    durationSeconds: row.duration_seconds,
    type: row.type,
    categoryId: row.category_id,
    creatorId: row.creator_id,
    isPublished: row.is_published,
    price: price(row.price),
  };
}

// ---------- admin: every product, and writes ----------

export function toAdminProduct(row: ProductRecord): AdminProduct {
  return {
    ...toPremiumProduct(row),
    content: row.content,
    mediaAssetId: row.media_asset_id,
    createdBy:
      row.created_by_name || row.created_by_email
        ? { name: row.created_by_name ?? '', email: row.created_by_email ?? '' }
        : null,
  };
}

export async function findAdminProduct(db: Kysely<Database>, id: string): Promise<AdminProduct | undefined> {
  const row = await findProduct(db, id, { includeHidden: true });
  // findProduct also matches productId and slug; the admin routes address products by _id only.
  return row && row.id === id ? toAdminProduct(row) : undefined;
}

export async function productSlugTaken(
  db: Kysely<Database>,
  slug: string,
  exceptId?: string,
): Promise<boolean> {
  let query = db.selectFrom('products').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '<>', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

export async function productIdTaken(db: Kysely<Database>, productId: string): Promise<boolean> {
  return (
    (await db.selectFrom('products').select('id').where('product_id', '=', productId).executeTakeFirst()) !==
    undefined
  );
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
  media_asset_id: v.mediaAssetId,
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
  db: Kysely<Database>,
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

export async function updateProduct(
  db: Kysely<Database>,
  id: string,
  values: ProductWrite,
): Promise<boolean> {
  const result = await db
    .updateTable('products')
    .set({
      ...productColumns(values),
      // the exact length stays while the minutes and the media it was measured from do
      duration_seconds: sql<
        number | null
      >`case when duration is not distinct from ${values.duration} and video_url is not distinct from ${values.videoUrl} then duration_seconds end`,
      updated_at: new Date(),
    })
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export async function deleteProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

/** The products that use each of these media assets (drafts included), by asset id. */
export async function findMediaUsage(
  db: Kysely<Database>,
  assetIds: string[],
): Promise<Record<string, MediaUsage[]>> {
  const usage: Record<string, MediaUsage[]> = {};
  if (assetIds.length === 0) return usage;
  const rows = await db
    .selectFrom('products')
    .select(['id', 'title', 'slug', 'media_asset_id'])
    .where('media_asset_id', 'in', assetIds)
    .orderBy('title')
    .execute();
  for (const row of rows)
    (usage[row.media_asset_id!] ??= []).push({ _id: row.id, title: row.title, slug: row.slug });
  return usage;
}
