import { sql, type Kysely, type RawBuilder, type SelectQueryBuilder } from 'kysely';
import { LISTING_WINDOW } from '@catalyst/contracts';
import type { Database } from './schema';

/** A LIKE pattern matching the term anywhere, with the term's own wildcards taken literally. */
export function containsPattern(term: string): string {
  return `%${term.toLowerCase().replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** `column LIKE '%term%'` over a lower-cased generated column, served by its trigram index. */
export function matchesSearch(column: string, term: string): RawBuilder<boolean> {
  return sql<boolean>`${sql.ref(column)} like ${containsPattern(term)}`;
}

/** Paging to offset/limit. */
export const offsetOf = ({ page, limit }: { page: number; limit: number }) => (page - 1) * limit;

/** A list's total: matches counted up to a cap, and whether there are more. */
export interface CappedTotal {
  total: number;
  totalCapped: boolean;
}

/**
 * The rows a query (FROM and WHERE, nothing selected) matches, counted up to `cap` (a count over
 * `LIMIT cap + 1`): a total costs at most a window of index entries however large the catalogue grows.
 */
export async function countUpTo<QueryDB, QueryTables extends keyof QueryDB>(
  db: Kysely<Database>,
  query: SelectQueryBuilder<QueryDB, QueryTables, Record<never, never>>,
  cap = LISTING_WINDOW,
): Promise<CappedTotal> {
  const { n } = await db
    .selectFrom(
      query
        .select(sql<number>`1`.as('one'))
        .limit(cap + 1)
        .as('matches'),
    )
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return { total: Math.min(Number(n), cap), totalCapped: Number(n) > cap };
}

/**
 * The total of a page of `rows` found at `offset`: known from the page itself when it is not full (and not
 * past the end), else undefined and to be counted.
 */
export function totalFromPage(
  rows: number,
  { page, limit }: { page: number; limit: number },
): CappedTotal | undefined {
  const offset = offsetOf({ page, limit });
  return rows < limit && (rows > 0 || offset === 0)
    ? { total: offset + rows, totalCapped: false }
    : undefined;
}
