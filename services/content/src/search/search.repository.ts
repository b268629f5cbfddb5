import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import {
  DIFFICULTIES,
  SEARCH_DURATION_LABELS,
  SEARCH_DURATION_MINUTES,
  SEARCH_DURATIONS,
  SEARCH_PAGE_SIZE,
  SEARCH_TYPE_LABELS,
  SEARCH_WINDOW,
  searchCursor,
  type Difficulty,
  type SearchDuration,
  type SearchFacets,
  type SearchHit,
  type SearchQuery,
  type SearchResult,
  type SearchSegment,
  type SearchSuggestion,
  type SearchType,
} from '@catalyst/contracts';
import { executePrepared } from '@catalyst/service-kit';
import type { Database } from '../db/schema';

// All of search's SQL: the documents, their triggers and the query builder are the migration
// 2026-12-05T09-20-00_search_index (SQL functions search_tsquery, search_marks, search_rebuild),
// 2026-12-05T10-00-00_search_index_lean (a lesson's snippet is cut from the lesson: search_lesson_text, which the
// page's rows read written out, below) and
// 2026-12-05T12-00-00_search_lessons_in_place (lessons read through an expression index: search_lesson_candidates).

type Db = Kysely<Database>;
export type SearchFilters = Omit<SearchQuery, 'q' | 'sort' | 'cursor'>;

const START_MARK = '\u0002';
const STOP_MARK = '\u0003';

/** ts_headline's output (matches between \u0002 and \u0003) as segments a page shows as text, never as HTML. */
export function toSegments(marked: string | null): SearchSegment[] {
  const segments: SearchSegment[] = [];
  for (const [i, part] of (marked ?? '').split(new RegExp(`[${START_MARK}${STOP_MARK}]`)).entries()) {
    if (part) segments.push({ text: part, match: i % 2 === 1 });
  }
  return segments;
}

/** The filters as a WHERE clause over search_documents `d` (categories and creators have no product facets). */
function filtersOf(filters: SearchFilters): RawBuilder<boolean> {
  const clauses: RawBuilder<unknown>[] = [];
  if (filters.type) clauses.push(sql`d.type = ${filters.type}`);
  if (filters.categoryId)
    clauses.push(sql`d.category_id = ${filters.categoryId} and d.kind in ('product', 'lesson')`);
  if (filters.level) clauses.push(sql`d.level = ${filters.level}`);
  if (filters.free !== undefined) clauses.push(sql`d.free = ${filters.free}`);
  if (filters.duration) {
    const [from, below] = SEARCH_DURATION_MINUTES[filters.duration];
    clauses.push(
      below === null ? sql`d.duration >= ${from}` : sql`d.duration >= ${from} and d.duration < ${below}`,
    );
  }
  return clauses.length ? sql<boolean>`${sql.join(clauses, sql` and `)}` : sql<boolean>`true`;
}

const durationBucket = sql<SearchDuration | null>`case
  when d.duration is null then null
  ${sql.join(
    SEARCH_DURATIONS.map((bucket) => {
      const [from, below] = SEARCH_DURATION_MINUTES[bucket];
      return below === null
        ? sql`when d.duration >= ${from} then ${bucket}`
        : sql`when d.duration < ${below} then ${bucket}`;
    }),
    sql` `,
  )} end`;

const ORDERS: Record<SearchQuery['sort'], RawBuilder<unknown>> = {
  relevance: sql`rank desc, popularity desc`,
  newest: sql`created_at desc`,
  popular: sql`popularity desc, rank desc`,
  // Best rated first (the average the reviews keep on the product), then the most relevant.
  rating: sql`(select p.rating_average from products p where p.id = entity_id and kind in ('product', 'lesson'))
    desc nulls last, rank desc`,
};

/**
 * How many lessons a search ranks at most. A word most lessons hold would otherwise rank every one of them (tens of
 * thousands on a large catalogue); past this many the lessons ranked are the first the index gives, and the total
 * and the facets count those: the answer then says they are lower bounds (`totalAtLeast`, `facetsAtLeast`).
 * Categories, creators and products are always ranked in full.
 */
export const LESSON_CANDIDATES = 500;

/**
 * Each result's best document (a product is found by its own words or by one of its lessons'), as two common table
 * expressions: `lesson_candidates` and `matches`. The documents of categories, creators and products are read
 * through their GIN index (and a product's video's captions through their document: `search_document_matches`);
 * lessons where they are, through the expression index over their title and text and
 * their videos' captions' documents (migration 2026-12-05T12-00-00_search_lessons_in_place:
 * `search_lesson_candidates`), at most `lessonCandidates` of them, each standing for its product (a product not
 * listed has no document, so its lessons are never found). One candidate more than are ranked is read, so that
 * `lesson_candidates` says whether any were left out (then the counts are lower bounds).
 */
const bestPerResult = (query: RawBuilder<unknown>, lessonCandidates: number) => {
  // What ranking, filtering, facets and the page need (`search_document_matches`' columns): not the vector or the
  // text (a sort of wide rows spills), nor the title and slug (the page reads its rows' from their sources).
  const lessons = sql`
    select 'lesson:' || l.id, 'lesson', p.key, l.product_id, l.id, l.title, l.captions_path, null, null, p.type, p.category_id, p.creator_id, p.level, p.free, p.duration, p.popularity, p.created_at, l.rank
    from (select * from lesson_candidates limit ${lessonCandidates}) l
    -- Each candidate's product by its key (one lookup each: hashing every document cost more than them).
    cross join lateral (select * from search_documents p where p.key = 'product:' || l.product_id limit 1) p`;
  return sql`
  lesson_candidates as materialized (
    ${
      lessonCandidates > 0
        ? sql`select * from search_lesson_candidates(${query}, ${lessonCandidates + 1})`
        : sql`select null::text as id, null::text as product_id where false`
    }),
  matches as materialized (
    select distinct on (d.entity_key) d.*
    from (
      select * from search_document_matches(${query})
      ${lessonCandidates > 0 ? sql`union all ${lessons}` : sql``}
    ) d
    order by d.entity_key, d.rank desc, d.kind = 'lesson')`;
};

interface HitRow {
  kind: 'category' | 'creator' | 'product' | 'lesson';
  entity_id: string;
  lesson_id: string | null;
  lesson_title: string | null;
  title: string;
  slug: string;
  type: SearchType;
  title_marks: string;
  snippet: string | null;
  at_seconds: number | null;
  product_id: string | null;
  thumbnail: string | null;
  difficulty: Difficulty | null;
  duration: number | null;
  free: boolean | null;
  category_id: string | null;
  category_name: string | null;
  creator_id: string | null;
  creator_name: string | null;
}

function toHit(row: HitRow): SearchHit {
  const product =
    row.product_id === null
      ? null
      : {
          productId: row.product_id,
          thumbnail: row.thumbnail,
          difficulty: row.difficulty!,
          duration: row.duration,
          isFree: row.free ?? false,
          categoryId: row.category_id!,
          categoryName: row.category_name!,
          creatorId: row.creator_id!,
          creatorName: row.creator_name!,
        };
  const lesson =
    row.kind === 'lesson' || row.at_seconds !== null
      ? { _id: row.lesson_id, title: row.lesson_title, atSeconds: row.at_seconds }
      : null;
  return {
    kind: row.kind === 'lesson' ? 'product' : row.kind,
    _id: row.entity_id,
    slug: row.slug,
    title: row.title,
    type: row.type,
    titleMarks: toSegments(row.title_marks),
    snippet: toSegments(row.snippet),
    product,
    lesson,
  };
}

/** The page of results, its total (up to the search window), the facets and the words searched for. */
export async function searchCatalogue(
  db: Db,
  query: SearchQuery,
  {
    limit: pageSize = SEARCH_PAGE_SIZE,
    counted = true,
    lessonCandidates = LESSON_CANDIDATES,
  }: { limit?: number; counted?: boolean; lessonCandidates?: number } = {},
): Promise<SearchResult> {
  const { q, sort, cursor: offset, ...filters } = query;
  const { rows: parsed } = await sql<{ query: string; searched: string | null }>`
    select query::text, searched from search_tsquery(${q})`.execute(db);
  const { query: tsquery, searched } = parsed[0]!;
  const empty: SearchResult = {
    items: [],
    total: 0,
    totalAtLeast: false,
    nextCursor: null,
    facets: noFacets(),
    facetsAtLeast: false,
    searchedFor: searched,
  };
  if (!tsquery) return empty;
  const ts = sql`${tsquery}::tsquery`;
  const limit = Math.min(pageSize, SEARCH_WINDOW - offset);
  // One statement: the matches (one per result, the filters aside) are found and ranked once, then the page,
  // the filtered total and the facets are read from them.
  // Prepared once a connection (its values are all parameters): planning it anew cost Postgres about as much as
  // ranking the matches.
  const rows = await executePrepared(
    db,
    sql<{
      page: HitRow[] | null;
      total: string;
      facets: FacetRow[] | null;
      lessons_left_out: boolean;
    }>`
    with ${bestPerResult(ts, lessonCandidates)},
    hits as (select * from matches d where ${filtersOf(filters)}),
    page as (
      select *, row_number() over (order by ${ORDERS[sort]}, entity_key) as position
      from hits order by ${ORDERS[sort]}, entity_key limit ${limit + 1} offset ${offset}
    ),
    page_rows as (
      select h.position, h.kind, h.entity_id, h.lesson_id, h.lesson_title, t.title, t.slug, h.type,
        search_marks(t.title, ${ts}, true) as title_marks,
        -- What search_lesson_text and search_entity_text give, read from the rows joined here: a call of either
        -- per row (each planned and run on its own) cost more than highlighting the text; keep them in step.
        -- The row read past the page only says whether there is a next page: it gets no snippet nor second.
        -- A lesson's article is marked as it is kept (ts_headline reads its tags as spaces) and only the snippet
        -- is made plain text: making the whole article plain first cost more than marking it.
        case when h.position > ${offset + limit} then null
          when h.kind = 'lesson' then search_plain_text(
            search_marks(concat_ws(' … ', nullif(l.body, ''), said.text), ${ts}, false))
          else search_marks(case h.kind
            when 'product' then concat_ws(' … ', nullif(p.description, ''), said.text)
            else coalesce(gc.description, gr.description) end, ${ts}, false) end as snippet,
        (select s.start_seconds from search_captions s
          where h.position <= ${offset + limit} and s.captions_path = h.captions_path
            and to_tsvector('catalyst_search', s.text) @@ ${ts}
          order by s.start_seconds limit 1) as at_seconds,
        p.product_id, p.thumbnail, p.difficulty, p.duration, h.free,
        c.id as category_id, c.name as category_name, cr.id as creator_id, cr.name as creator_name
      from page h
      left join products p on h.kind in ('product', 'lesson') and p.id = h.entity_id
      left join categories c on c.id = p.category_id
      left join creators cr on cr.id = p.creator_id
      left join categories gc on h.kind = 'category' and gc.id = h.entity_id
      left join creators gr on h.kind = 'creator' and gr.id = h.entity_id
      left join course_lessons l on h.kind = 'lesson' and l.id = h.lesson_id
      -- The words said in the result's video, cue after cue.
      left join lateral (select string_agg(s.text, ' ' order by s.start_seconds) as text from search_captions s
        where s.captions_path = h.captions_path and h.position <= ${offset + limit}) said on true
      cross join lateral (
        select coalesce(p.title, gc.name, gr.name) as title, coalesce(p.slug, gc.slug, gr.slug) as slug
      ) t
    ),
    facet_rows as (
      select type, category_id, g.name as category_name, level, free, duration_bucket as duration, count(*) as n,
        case when grouping(type) = 0 then 'type' when grouping(category_id) = 0 then 'category'
          when grouping(level) = 0 then 'level' when grouping(free) = 0 then 'free' else 'duration' end as facet
      from (select d.*, ${durationBucket} as duration_bucket from matches d) bucketed
      left join categories g on g.id = bucketed.category_id
      group by grouping sets ((type), (category_id, g.name), (level), (free), (duration_bucket))
    )
    select (select json_agg(r order by r.position) from page_rows r) as page,
      ${counted ? sql`(select count(*) from (select 1 from hits limit ${SEARCH_WINDOW + 1}) t)` : sql`0`} as total,
      ${counted ? sql`(select json_agg(f) from facet_rows f)` : sql`null`} as facets,
      (select count(*) from lesson_candidates) > ${lessonCandidates} as lessons_left_out`.compile(db),
  );
  const page = rows[0]?.page ?? [];
  // Counted past the window, or lessons left out of the ranking: the total and the facets say "at least".
  const counting = Number(rows[0]?.total ?? 0);
  const lessonsLeftOut = rows[0]?.lessons_left_out ?? false;
  return {
    items: page.slice(0, limit).map(toHit),
    total: counted ? Math.min(counting, SEARCH_WINDOW) : Math.min(page.length, limit),
    totalAtLeast: counted && (counting > SEARCH_WINDOW || lessonsLeftOut),
    nextCursor: page.length > limit ? searchCursor(offset + limit) : null,
    facets: toFacets(rows[0]?.facets ?? []),
    facetsAtLeast: counted && lessonsLeftOut,
    searchedFor: searched,
  };
}

interface FacetRow {
  type: SearchType | null;
  category_id: string | null;
  category_name: string | null;
  level: Difficulty | null;
  free: boolean | null;
  duration: SearchDuration | null;
  facet: 'type' | 'category' | 'level' | 'free' | 'duration';
  n: number;
}

function noFacets(): SearchFacets {
  return { type: [], categoryId: [], level: [], free: [], duration: [] };
}

const capitalised = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

/** How many results of the words each filter value would leave, the filters aside. */
function toFacets(rows: FacetRow[]): SearchFacets {
  const facets = noFacets();
  for (const row of rows) {
    const count = Number(row.n);
    if (row.facet === 'type' && row.type)
      facets.type.push({ value: row.type, label: SEARCH_TYPE_LABELS[row.type], count });
    if (row.facet === 'category' && row.category_id && row.category_name)
      facets.categoryId.push({ value: row.category_id, label: row.category_name, count });
    if (row.facet === 'level' && row.level)
      facets.level.push({ value: row.level, label: capitalised(row.level), count });
    if (row.facet === 'free' && row.free !== null)
      facets.free.push({ value: row.free, label: row.free ? 'Free' : 'Premium', count });
    if (row.facet === 'duration' && row.duration)
      facets.duration.push({ value: row.duration, label: SEARCH_DURATION_LABELS[row.duration], count });
  }
  const byCount = (a: { count: number; label: string }, b: { count: number; label: string }) =>
    b.count - a.count || a.label.localeCompare(b.label);
  facets.type.sort(byCount);
  facets.categoryId.sort(byCount);
  facets.free.sort(byCount);
  facets.level.sort((a, b) => DIFFICULTIES.indexOf(a.value) - DIFFICULTIES.indexOf(b.value));
  facets.duration.sort((a, b) => SEARCH_DURATIONS.indexOf(a.value) - SEARCH_DURATIONS.indexOf(b.value));
  return facets;
}

/**
 * The best few results for what is typed so far, across kinds: by their titles, names and descriptions (lessons'
 * words are the results page's; a common prefix would otherwise rank every lesson holding it).
 */
export async function suggest(db: Db, q: string, limit: number): Promise<SearchSuggestion[]> {
  const { items } = await searchCatalogue(
    db,
    { q, sort: 'relevance', cursor: 0 },
    { limit, counted: false, lessonCandidates: 0 },
  );
  return items.map(({ kind, _id, slug, title, type, titleMarks, lesson }) => ({
    kind,
    _id,
    slug,
    title,
    type,
    titleMarks,
    lesson,
  }));
}

/** Every document rebuilt from the tables (the triggers keep them in step after that). */
export async function rebuildIndex(db: Db): Promise<{ documents: number; words: number }> {
  await sql`select search_rebuild()`.execute(db);
  const { rows } = await sql<{ documents: string; words: string }>`
    select (select count(*) from search_documents) as documents, (select count(*) from search_words) as words`.execute(
    db,
  );
  return { documents: Number(rows[0]!.documents), words: Number(rows[0]!.words) };
}

/** One video's captions, cue by cue, replacing what was kept for them (run it inside the caller's transaction). */
export async function replaceCaptions(
  db: Db | Transaction<Database>,
  captionsPath: string,
  cues: { startSeconds: number; text: string }[],
): Promise<void> {
  await sql`delete from search_captions where captions_path = ${captionsPath}`.execute(db);
  if (!cues.length) return;
  const rows = cues.map((cue) => sql`(${captionsPath}, ${cue.startSeconds}, ${cue.text})`);
  await sql`insert into search_captions (captions_path, start_seconds, text) values ${sql.join(rows)}
    on conflict (captions_path, start_seconds) do update set text = search_captions.text || ' ' || excluded.text`.execute(
    db,
  );
}
