import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import type { CategorySort, Creator } from '@catalyst/contracts';
import {
  categoryPath,
  creatorLibraryPath,
  DataIcon,
  ErrorScreen,
  NotFound,
  Spinner,
  TextField,
  useDocumentTitle,
  usePremiumRedirect,
} from '@catalyst/web-kit';
import styles from './CategoryPage.module.css';
import { CREATOR_SORTS, useCategoryCreators } from './useCategoryCreators';

/** A creator's library holds courses, videos, documents and webinars: counted as items, not all as videos. */
const itemsLabel = (count = 0) => `${count} ${count === 1 ? 'item' : 'items'}`;

/** /browse/category/{categorySlug}: the creators of a category (subscribers and admins). */
export function CategoryPage() {
  const { categorySlug = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CategorySort>('sortOrder');
  const { category, creators, total, isLoading, error, notFound, reload } = useCategoryCreators(
    categorySlug,
    search,
    sort,
  );
  useDocumentTitle(category?.name ?? 'Creators');
  const redirecting = usePremiumRedirect('category', error);
  // Reached by an id (an old link, a typed address): show the slug, the one address of a category.
  const slug = category?.slug;
  useEffect(() => {
    if (slug && category && categorySlug === category._id && slug !== categorySlug)
      navigate(categoryPath(slug), { replace: true });
  }, [slug, category, categorySlug, navigate]);

  if (!categorySlug) return <ErrorScreen message="No category slug provided." />;
  if (redirecting) return <Spinner message="Redirecting..." />;
  if (notFound) return <NotFound message="This category does not exist or has been removed." />;
  // The header's icon and description come with the category: wait for it rather than move the page under the reader (CLS).
  if (!category && isLoading) return <Spinner message="Loading creators..." />;

  const openCreator = (creator: Creator) => navigate(creatorLibraryPath(slug ?? categorySlug, creator.id));

  return (
    <section className={styles.page}>
      <nav className={styles.breadcrumb} aria-label="Breadcrumb">
        <Link to="/browse">Browse</Link>
        <span aria-hidden="true"> › </span>
        <span>{category?.name ?? 'Category'}</span>
      </nav>
      <header className={styles.header}>
        {category ? (
          <DataIcon
            className={styles.icon}
            icon={category.icon}
            name={category.name}
            color={category.color}
          />
        ) : null}
        <div>
          <h1 className={styles.title}>{category?.name ?? 'Creators'}</h1>
          {category?.description ? <p className={styles.description}>{category.description}</p> : null}
        </div>
      </header>
      <div className={styles.controls}>
        <div className={styles.search}>
          <TextField
            label="Search creators"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder="Name or description"
          />
        </div>
        <label className={styles.sort}>
          <span>Sort by</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as CategorySort)}>
            {CREATOR_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading && total === 0 ? (
        <Spinner message="Loading creators..." />
      ) : error ? (
        <ErrorScreen message={error.message} onRetry={reload} retryLabel="Try Again" />
      ) : creators.length === 0 ? (
        <p className={styles.empty}>
          {search.trim() ? 'No creators found' : 'No creators in this category yet'}
        </p>
      ) : (
        <ul className={styles.grid}>
          {creators.map((creator) => (
            <li key={creator.id}>
              <button
                type="button"
                className={styles.card}
                onClick={() => openCreator(creator)}
                data-testid="creator-card"
              >
                <DataIcon
                  className={styles.avatar}
                  icon={creator.icon}
                  name={creator.name}
                  color={creator.color}
                />
                <span className={styles.cardBody}>
                  <span className={styles.name}>{creator.name}</span>
                  <span className={styles.bio}>{creator.description}</span>
                  <span className={styles.count}>{itemsLabel(creator.productCount)}</span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!isLoading && !error ? (
        <p className={styles.footer}>
          Showing {creators.length} of {total}
        </p>
      ) : null}
    </section>
  );
}
