import { sql, type Kysely } from 'kysely';
import type { CategorySort, Creator } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import { toCreator } from '../groups/groups.repository';
import { matchesSearch } from '../db/search';

/**
 * The active creators with at least one visible product in the category, each with that count
 * (the category page's "videos per creator").
 */
export async function listCreatorsOfCategory(
  db: Kysely<Database>,
  categoryId: string,
  { search, sort = 'sortOrder' }: { search?: string; sort?: CategorySort } = {},
): Promise<Creator[]> {
  let query = db
    .selectFrom('creators')
    .innerJoin(
      (eb) =>
        eb
          .selectFrom('products')
          .select(['creator_id', (e) => e.fn.countAll<number>().as('product_count')])
          .where('category_id', '=', categoryId)
          .where('is_published', '=', true)
          .where('is_active', '=', true)
          .groupBy('creator_id')
          .as('counts'),
      (join) => join.onRef('counts.creator_id', '=', 'creators.id'),
    )
    .selectAll('creators')
    .select('counts.product_count')
    .where('creators.is_active', '=', true);
  if (search) query = query.where(matchesSearch('creators.search_text', search));
  switch (sort) {
    case 'name':
      query = query.orderBy(sql`lower(creators.name)`).orderBy('creators.id');
      break;
    case 'newest':
      query = query.orderBy('creators.created_at', 'desc').orderBy('creators.id');
      break;
    default:
      query = query.orderBy('creators.sort_order').orderBy('creators.name').orderBy('creators.id');
  }
  const rows = await query.execute();
  return rows.map((row) => toCreator(row, Number(row.product_count)));
}

/** A creator by id or slug; inactive ones only when asked (admins). */
export async function findCreator(
  db: Kysely<Database>,
  idOrSlug: string,
  { includeInactive = false }: { includeInactive?: boolean } = {},
): Promise<Creator | undefined> {
  let query = db
    .selectFrom('creators')
    .selectAll()
    .where((eb) => eb.or([eb('id', '=', idOrSlug), eb('slug', '=', idOrSlug)]));
  if (!includeInactive) query = query.where('is_active', '=', true);
  const row = await query.executeTakeFirst();
  return row ? toCreator(row) : undefined;
}
