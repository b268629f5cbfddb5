import { useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  LESSON_START_PARAM,
  SEARCH_MAX_LENGTH,
  SEARCH_PAGE_SIZE,
  SEARCH_SORTS,
  searchCursor,
  searchOffsetOf,
  searchPagePath,
  type Difficulty,
  type SearchDuration,
  type SearchFacets,
  type SearchHit,
  type SearchType,
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
  useStrings,
  withPart,
  type Translate,
  formatCount,
} from '@catalyst/web-kit';
import { catalogStrings, type CatalogKey } from '../i18n/en';
import { catalogWidgetStrings } from '../i18n/widgets/en';
import { DURATION_KEYS, LEVEL_LABELS, SEARCH_SORT_KEYS, SEARCH_TYPE_KEYS } from '../i18n/labels';
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
  const t = useStrings(catalogStrings);
  const tCard = useStrings(catalogWidgetStrings);
  return (
    <li className={styles.result}>
      <p className={styles.kind}>
        <Badge tone="neutral">{t(SEARCH_TYPE_KEYS[hit.type])}</Badge>
        {hit.product ? (
          <span>
            {hit.product.creatorName} · {hit.product.categoryName}
            {hit.product.isFree ? ` · ${tCard('card.free')}` : ''}
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
          {hit.lesson.title ? t('search.inLesson', { title: hit.lesson.title }) : t('search.inVideo')}
          {hit.lesson.atSeconds !== null ? (
            <>
              {' · '}
              <Link to={hrefOf(hit)}>
                {t('search.playFrom', { time: formatPlayerTime(hit.lesson.atSeconds) })}
              </Link>
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

const FACETS: { name: keyof SearchFacets; label: CatalogKey }[] = [
  { name: 'type', label: 'common.type' },
  { name: 'categoryId', label: 'common.category' },
  { name: 'level', label: 'common.level' },
  { name: 'free', label: 'search.price' },
  { name: 'duration', label: 'search.length' },
];

/** A facet value's words: the category's own name, else the page's words for the value the server counted. */
function facetLabel(
  t: Translate<typeof catalogStrings.english>,
  tCard: Translate<typeof catalogWidgetStrings.english>,
  name: keyof SearchFacets,
  value: string,
  label: string,
) {
  if (name === 'type') return t(SEARCH_TYPE_KEYS[value as SearchType]);
  if (name === 'level') return t(LEVEL_LABELS[value as Difficulty]);
  if (name === 'free') return tCard(value === 'true' ? 'card.free' : 'card.premium');
  if (name === 'duration') return t(DURATION_KEYS[value as SearchDuration]);
  return label;
}

/** A count as read: '2,000', or '2,000+' when it is a lower bound (the search stopped counting). */
const countText = (count: number, atLeast: boolean) => `${formatCount(count)}${atLeast ? '+' : ''}`;

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
  const t = useStrings(catalogStrings);
  const tCard = useStrings(catalogWidgetStrings);
  return (
    <aside className={styles.facets} aria-label={t('search.filters')}>
      {FACETS.map(({ name, label }) =>
        facets[name].length ? (
          <section key={name} className={styles.facet}>
            <h2 className={styles.facetTitle}>{t(label)}</h2>
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
                      {facetLabel(t, tCard, name, value, entry.label)}{' '}
                      <span className={styles.count}>({countText(entry.count, atLeast)})</span>
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
  const t = useStrings(catalogStrings);
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
        aria-label={t('search.for')}
        placeholder={t('search.placeholder')}
        maxLength={SEARCH_MAX_LENGTH}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit">{t('search.submit')}</button>
    </form>
  );
}

/** `/search?q=`: the whole catalogue searched, its filters, sort and page in the address. */
export default function SearchPage() {
  const t = useStrings(catalogStrings);
  const { params, data, error, isLoading, reload } = useSearch();
  const navigate = useNavigate();
  useDocumentTitle(params.q ? t('search.documentTitle', { q: params.q }) : t('search.title'));
  const offset = searchOffsetOf(params.cursor);

  if (!params.q)
    return (
      <section className={styles.page}>
        <h1 className={styles.title}>{t('search.heading')}</h1>
        <SearchForm params={params} />
        <p>{withPart(t('search.intro'), 'link', <Link to="/browse">{t('search.introLink')}</Link>)}</p>
      </section>
    );

  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{t('search.resultsFor', { q: params.q })}</h1>
        <label className={styles.sort}>
          {t('common.sortBy')}{' '}
          <select
            value={params.sort ?? 'relevance'}
            onChange={(event) =>
              navigate(searchPagePath({ ...params, sort: event.target.value, cursor: undefined }))
            }
          >
            {SEARCH_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {t(SEARCH_SORT_KEYS[sort])}
              </option>
            ))}
          </select>
        </label>
      </header>
      <SearchForm key={params.q} params={params} />
      {data?.searchedFor ? (
        <p className={styles.corrected}>
          {withPart(t('search.showingFor'), 'words', <strong>{data.searchedFor}</strong>)}
        </p>
      ) : null}
      {error ? (
        <Alert tone="danger">
          {error.message}{' '}
          <button type="button" onClick={reload}>
            {t('search.tryAgain')}
          </button>
        </Alert>
      ) : !data || isLoading ? (
        <Spinner message={t('search.searching')} />
      ) : (
        <div className={styles.body}>
          <Facets facets={data.facets} atLeast={data.facetsAtLeast} params={params} />
          <div className={styles.results}>
            <p className={styles.total} role="status">
              {t('search.results', {
                // '1+ results' when the search stopped counting at one
                count: data.total === 1 && data.totalAtLeast ? 2 : data.total,
                number: countText(data.total, data.totalAtLeast),
              })}
            </p>
            {data.items.length ? (
              <ol className={styles.list} aria-label={t('search.resultsLabel')}>
                {data.items.map((hit) => (
                  <Result key={`${hit.kind}:${hit._id}`} hit={hit} />
                ))}
              </ol>
            ) : (
              <div className={styles.empty}>
                <h2>{t('search.noResults', { q: params.q })}</h2>
                <ul>
                  <li>{t('search.tips')}</li>
                  {hasFilters(params) ? (
                    <li>
                      <Link to={searchPagePath({ q: params.q, sort: params.sort })}>
                        {t('search.withoutFilters')}
                      </Link>
                    </li>
                  ) : null}
                  <li>
                    <Link to="/browse">{t('search.browseAll')}</Link>
                  </li>
                </ul>
              </div>
            )}
            <Pager
              label={t('search.pages')}
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
