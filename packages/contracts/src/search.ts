// Catalogue-wide search: the query, a result and its facets (GET /search, GET /search/suggest).
import { z } from 'zod';
import { objectIdSchema } from './api';
import { difficultySchema } from './catalog';
import {
  SEARCH_BAD_CURSOR_MESSAGE,
  SEARCH_CURSOR,
  SEARCH_DURATIONS,
  SEARCH_EMPTY_MESSAGE,
  SEARCH_MAX_LENGTH,
  SEARCH_SORTS,
  SEARCH_TOO_LONG_MESSAGE,
  SEARCH_TYPES,
  SEARCH_WINDOW,
} from './search-terms';

export * from './search-terms';

/** An absent or blank query parameter means "no filter". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const searchTextSchema = z
  .string({ error: SEARCH_EMPTY_MESSAGE })
  .trim()
  .min(1, SEARCH_EMPTY_MESSAGE)
  .max(SEARCH_MAX_LENGTH, SEARCH_TOO_LONG_MESSAGE);

export const searchTypeSchema = z.enum(SEARCH_TYPES, {
  message: `Type must be one of: ${SEARCH_TYPES.join(', ')}`,
});

export const searchQuerySchema = z.object({
  q: searchTextSchema,
  type: optionalParam(searchTypeSchema),
  categoryId: optionalParam(objectIdSchema),
  level: optionalParam(difficultySchema),
  free: optionalParam(
    z.enum(['true', 'false'], { message: 'Free must be true or false' }).transform((v) => v === 'true'),
  ),
  duration: optionalParam(
    z.enum(SEARCH_DURATIONS, { message: `Duration must be one of: ${SEARCH_DURATIONS.join(', ')}` }),
  ),
  sort: optionalParam(
    z.enum(SEARCH_SORTS, { message: `Sort must be one of: ${SEARCH_SORTS.join(', ')}` }),
  ).transform((v) => v ?? 'relevance'),
  cursor: optionalParam(
    z.string().transform((v, ctx) => {
      const offset = Number(SEARCH_CURSOR.exec(v)?.[1] ?? NaN);
      if (Number.isInteger(offset) && offset < SEARCH_WINDOW) return offset;
      ctx.addIssue({ code: 'custom', message: SEARCH_BAD_CURSOR_MESSAGE });
      return z.NEVER;
    }),
  ).transform((v) => v ?? 0),
});
export type SearchQuery = z.infer<typeof searchQuerySchema>;

export const suggestQuerySchema = z.object({ q: searchTextSchema });

/** A stretch of a snippet: the words that matched are `match: true` (shown as <mark>, as text, never HTML). */
export const searchSegmentSchema = z.object({ text: z.string(), match: z.boolean() });
export type SearchSegment = z.infer<typeof searchSegmentSchema>;

export const searchKindSchema = z.enum(['category', 'creator', 'product']);

/** What a product result shows on its card (opening it keeps the product's own rules). */
const searchProductSchema = z.object({
  productId: z.string(),
  thumbnail: z.string().nullable(),
  difficulty: difficultySchema,
  /** Minutes. */
  duration: z.number().int().nullable(),
  /** Open to every signed-in person (priced 0); anything else needs the plan. */
  isFree: z.boolean(),
  categoryId: objectIdSchema,
  categoryName: z.string(),
  creatorId: objectIdSchema,
  creatorName: z.string(),
});

/** The lesson a hit was found in, and for words said in its video the second they are said at. */
export const searchLessonSchema = z.object({
  _id: objectIdSchema.nullable(),
  title: z.string().nullable(),
  atSeconds: z.number().int().nullable(),
});

export const searchHitSchema = z.object({
  kind: searchKindSchema,
  _id: objectIdSchema,
  slug: z.string(),
  title: z.string(),
  type: searchTypeSchema,
  /** Why it matched: the title with its matching words marked. */
  titleMarks: z.array(searchSegmentSchema),
  /** Why it matched: a stretch of its text with the matching words marked (empty when only the title did). */
  snippet: z.array(searchSegmentSchema),
  product: searchProductSchema.nullable(),
  /** Set when the words were found in a lesson (its text or what its video says) rather than the product. */
  lesson: searchLessonSchema.nullable(),
});
export type SearchHit = z.infer<typeof searchHitSchema>;

const facetCountSchema = <T extends z.ZodType>(value: T) =>
  z.object({ value, label: z.string(), count: z.number().int() });

/** How many matches of the words each filter value would leave (before the filters are applied). */
export const searchFacetsSchema = z.object({
  type: z.array(facetCountSchema(searchTypeSchema)),
  categoryId: z.array(facetCountSchema(objectIdSchema)),
  level: z.array(facetCountSchema(difficultySchema)),
  free: z.array(facetCountSchema(z.boolean())),
  duration: z.array(facetCountSchema(z.enum(SEARCH_DURATIONS))),
});
export type SearchFacets = z.infer<typeof searchFacetsSchema>;

export const searchResultSchema = z.object({
  items: z.array(searchHitSchema),
  /** Matches with the filters applied (counted up to the search window). */
  total: z.number().int(),
  /**
   * The total is a lower bound ("1,000+"): counting stopped at the search window, or more lessons matched than a
   * search ranks (the products found only by the others are not counted).
   */
  totalAtLeast: z.boolean(),
  nextCursor: z.string().nullable(),
  facets: searchFacetsSchema,
  /** Every facet's count is a lower bound ("120+"): more lessons matched than a search ranks. */
  facetsAtLeast: z.boolean(),
  /** The words searched for when some were taken for misspellings (`pyhton` → `python`), else null. */
  searchedFor: z.string().nullable(),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

export const searchSuggestionSchema = searchHitSchema.pick({
  kind: true,
  _id: true,
  slug: true,
  title: true,
  type: true,
  titleMarks: true,
  lesson: true,
});
export type SearchSuggestion = z.infer<typeof searchSuggestionSchema>;
export const searchSuggestionsSchema = z.object({ items: z.array(searchSuggestionSchema) });
