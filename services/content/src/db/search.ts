import { sql, type RawBuilder } from 'kysely';

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
