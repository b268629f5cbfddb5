import { sql, type Kysely } from 'kysely';
import type { Category, CategorySort } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { toCategory } from '../groups/groups.repository';
import { countUpTo, matchesSearch, offsetOf, totalFromPage, type CappedTotal } from '../db/search';

export interface CategoryListOptions {
  search?: string;
  sort?: CategorySort;
  page: number;
  limit: number;
  /** Admins' lists also show inactive categories; public lists never do. */
  includeInactive?: boolean;
}

/**
 * Published, active products of a category whose creator is active: what a visitor can count. For an active
 * category that is its listed products (an index-only count of one category's entries); an inactive one (admins)
 * is counted by the rule itself, one creator lookup by key per product. Either way the cost of one category.
 */
const visibleProductCount = sql<number>`(case when categories.is_active
  then (select count(*)::int from products p where p.category_id = categories.id and p.listed)
  else (select count(*)::int from products p
        where p.category_id = categories.id and p.is_published and p.is_active
          and (select cr.is_active from creators cr where cr.id = p.creator_id))
  end)`;

function filtered(
  db: Kysely<Database>,
  { search, includeInactive }: Pick<CategoryListOptions, 'search' | 'includeInactive'>,
) {
  let query = db.selectFrom('categories');
  if (!includeInactive) query = query.where(sql<boolean>`is_active`);
  if (search) query = query.where(matchesSearch('search_text', search));
  return query;
}

/** A page of categories with their product counts; the total as for product lists (counted up to LISTING_WINDOW). */
export async function listCategories(
  db: Kysely<Database>,
  options: CategoryListOptions,
): Promise<{ items: Category[] } & CappedTotal> {
  let query = filtered(db, options).selectAll('categories').select(visibleProductCount.as('product_count'));
  switch (options.sort ?? 'sortOrder') {
    case 'name':
      query = query.orderBy(sql`lower(name)`).orderBy('id');
      break;
    case 'newest':
      query = query.orderBy('created_at', 'desc').orderBy('id');
      break;
    default:
      query = query.orderBy('sort_order').orderBy('name').orderBy('id');
  }
  const rows = await query.limit(options.limit).offset(offsetOf(options)).execute();
  const total = totalFromPage(rows.length, options) ?? (await countUpTo(db, filtered(db, options)));
  return { items: rows.map((row) => toCategory(row, row.product_count)), ...total };
}

/** A category by id or slug; inactive ones only when asked (admins). */
export async function findCategory(
  db: Kysely<Database>,
  idOrSlug: string,
  { includeInactive = false }: { includeInactive?: boolean } = {},
): Promise<Category | undefined> {
  let query = db
    .selectFrom('categories')
    .selectAll('categories')
    .select(visibleProductCount.as('product_count'))
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]));
  if (!includeInactive) query = query.where('is_active', '=', true);
  const row = await query.executeTakeFirst();
  return row ? toCategory(row, row.product_count) : undefined;
}
