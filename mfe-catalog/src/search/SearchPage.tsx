import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  LESSON_START_PARAM,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  SEARCH_TYPE_LABELS,
  searchCursor,
  searchOffsetOf,
  searchPagePath,
  type SearchFacets,
  type SearchHit,
} from '@catalyst/contracts';
import {
  Alert,
  Badge,
  categoryPath,
  formatPlayerTime,
  lessonPath,
  Pager,
  productPath,
  Spinner,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { Marked } from './Marked';
import { MatchingPaths } from './MatchingPaths';
import styles from './SearchPage.module.css';
import { useSearch, type SearchParams } from './useSearch';

/** Where a result opens: a product (or the lesson the words were found in), a category, a creator's products. */
function hrefOf(hit: SearchHit): string {
  if (hit.kind === 'category') return categoryPath(hit.slug);
  if (hit.kind === 'creator') return searchPagePath({ q: hit.title, type: undefined });
  const key = hit.product?.productId || hit._id;
  if (!hit.lesson?._id) return productPath({ productId: key, _id: hit._id });
  const at = hit.lesson.atSeconds;
  return lessonPath(key, hit.lesson._id) + (at === null ? '' : `?${LESSON_START_PARAM}=${at}`);
}

function Result({ hit }: { hit: SearchHit }) {
  return (
    <li className={styles.result}>
      <p className={styles.kind}>
        <Badge tone="neutral">{SEARCH_TYPE_LABELS[hit.type]}</Badge>
        {hit.product ? (
          <span>
            {hit.product.creatorName} · {hit.product.categoryName}
            {hit.product.isFree ? ' · Free' : ''}
          </span>
        ) : null}
      </p>
      <h2 className={styles.resultTitle}>
        <Link to={hrefOf(hit)}>
          <Marked segments={hit.titleMarks} />
        </Link>
      </h2>
      {hit.lesson ? (
        <p className={styles.lesson}>
          {hit.lesson.title ? <>In lesson “{hit.lesson.title}”</> : 'In the video'}
          {hit.lesson.atSeconds !== null ? (
            <>
              {' · '}
              <Link to={hrefOf(hit)}>Play from {formatPlayerTime(hit.lesson.atSeconds)}</Link>
            </>
          ) : null}
        </p>
      ) : null}
      {hit.snippet.length ? (
        <p className={styles.snippet}>
          <Marked segments={hit.snippet} />
        </p>
      ) : null}
    </li>
  );
}

const FACETS: { name: keyof SearchFacets; label: string }[] = [
  { name: 'type', label: 'Type' },
  { name: 'categoryId', label: 'Category' },
  { name: 'level', label: 'Level' },
  { name: 'free', label: 'Price' },
  { name: 'duration', label: 'Length' },
];

const COUNT = new Intl.NumberFormat('en-US');
/** A count as read: '2,000', or '2,000+' when it is a lower bound (the search stopped counting). */
const countText = (count: number, atLeast: boolean) => `${COUNT.format(count)}${atLeast ? '+' : ''}`;

/**
 * The filters: each value a link that sets it (or, when set, clears it), with how many results it leaves
 * ('120+' when the search counted only part of what matched).
 */
function Facets({
  facets,
  atLeast,
  params,
}: {
  facets: SearchFacets;
  atLeast: boolean;
  params: SearchParams;
}) {
  return (
    <aside className={styles.facets} aria-label="Filters">
      {FACETS.map(({ name, label }) =>
        facets[name].length ? (
          <section key={name} className={styles.facet}>
            <h2 className={styles.facetTitle}>{label}</h2>
            <ul>
              {facets[name].map((entry) => {
                const value = String(entry.value);
                const active = params[name] === value;
                return (
                  <li key={value}>
                    <Link
                      to={searchPagePath({
                        ...params,
                        [name]: active ? undefined : value,
                        cursor: undefined,
                      })}
                      aria-current={active ? 'true' : undefined}
                      className={active ? styles.active : undefined}
                    >
                      {entry.label} <span className={styles.count}>({countText(entry.count, atLeast)})</span>
                    </Link>
                  </li>
                );
              })}
            </ul>
          </section>
        ) : null,
      )}
    </aside>
  );
}

const hasFilters = (params: SearchParams) =>
  !!(params.type || params.categoryId || params.level || params.free || params.duration);

/** The page's own box (a phone's header has none): new words keep the sort and drop the filters and page. */
function SearchForm({ params }: { params: SearchParams }) {
  const navigate = useNavigate();
  const [text, setText] = useState(params.q ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (text.trim()) navigate(searchPagePath({ q: text.trim(), sort: params.sort }));
  };
  return (
    <form role="search" className={styles.form} onSubmit={submit}>
      <input
        type="search"
        aria-label="Search for"
        placeholder="Courses, creators, topics, words said in a lesson"
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">Search</button>
    </form>
  );
}

/** `/search?q=`: the whole catalogue searched, its filters, sort and page in the address. */
export default function SearchPage() {
  const { params, data, error, isLoading, reload } = useSearch();
  const navigate = useNavigate();
  useDocumentTitle(params.q ? `Search: ${params.q}` : 'Search');
  const offset = searchOffsetOf(params.cursor);

  if (!params.q)
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>Search the catalogue</h1>
        <SearchForm params={params} />
        <p>
          Search for a course title, a creator, a topic, or words said in a lesson. Or{' '}
          <Link to="/browse">browse every category</Link>.
        </p>
      </section>
    );

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>Results for “{params.q}”</h1>
        <label className={styles.sort}>
          Sort by{' '}
          <select
            value={params.sort ?? 'relevance'}
            onChange={(event) =>
              navigate(searchPagePath({ ...params, sort: event.target.value, cursor: undefined }))
            }
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SEARCH_SORT_LABELS[sort]}
              </option>
            ))}
          </select>
        </label>
      </header>
      <SearchForm key={params.q} params={params} />
      {data?.searchedFor ? (
        <p className={styles.corrected}>
          Showing results for <strong>{data.searchedFor}</strong>
        </p>
      ) : null}
      {error ? (
        <Alert tone="danger">
          {error.message}{' '}
          <button type="button" onClick={reload}>
            Try again
          </button>
        </Alert>
      ) : !data || isLoading ? (
        <Spinner message="Searching…" />
      ) : (
        <div className={styles.body}>
          <Facets facets={data.facets} atLeast={data.facetsAtLeast} params={params} />
          <div className={styles.results}>
            <p className={styles.total} role="status">
              {data.total === 1 && !data.totalAtLeast
                ? '1 result'
                : `${countText(data.total, data.totalAtLeast)} results`}
            </p>
            {data.items.length ? (
              <ol className={styles.list} aria-label="Results">
                {data.items.map((hit) => (
                  <Result key={`${hit.kind}:${hit._id}`} hit={hit} />
                ))}
              </ol>
            ) : (
              <div className={styles.empty}>
                <h2>No results for “{params.q}”</h2>
                <ul>
                  <li>Check the spelling, or try fewer or more general words.</li>
                  {hasFilters(params) ? (
                    <li>
                      <Link to={searchPagePath({ q: params.q, sort: params.sort })}>
                        Search without filters
                      </Link>
                    </li>
                  ) : null}
                  <li>
                    <Link to="/browse">Browse every category</Link>
                  </li>
                </ul>
              </div>
            )}
            <Pager
              label="Result pages"
              page={Math.floor(offset / SEARCH_PAGE_SIZE) + 1}
              pages={Math.max(1, Math.ceil(data.total / SEARCH_PAGE_SIZE))}
              onPage={(page) =>
                navigate(
                  searchPagePath({
                    ...params,
                    cursor: page > 1 ? searchCursor((page - 1) * SEARCH_PAGE_SIZE) : undefined,
                  }),
                )
              }
            />
            <MatchingPaths q={params.q} />
          </div>
        </div>
      )}
    </section>
  );
}
