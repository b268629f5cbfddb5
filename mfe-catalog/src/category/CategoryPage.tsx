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
  useStrings,
} from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import styles from './CategoryPage.module.css';
import { CREATOR_SORTS, useCategoryCreators } from './useCategoryCreators';

/** /browse/category/{categorySlug}: the creators of a category (subscribers and admins). */
export function CategoryPage() {
  const t = useStrings(catalogStrings);
  const { categorySlug = '' } = useParams();
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const [sort, setSort] = useState<CategorySort>('sortOrder');
  const { category, creators, total, isLoading, error, notFound, reload } = useCategoryCreators(
    categorySlug,
    search,
    sort,
  );
  useDocumentTitle(category?.name ?? t('category.title'));
  const redirecting = usePremiumRedirect('category', error);
  // Reached by an id (an old link, a typed address): show the slug, the one address of a category.
  const slug = category?.slug;
  useEffect(() => {
    if (slug && category && categorySlug === category._id && slug !== categorySlug)
      navigate(categoryPath(slug), { replace: true });
  }, [slug, category, categorySlug, navigate]);

  if (!categorySlug) return <ErrorScreen message={t('common.noSlug')} />;
  if (redirecting) return <Spinner message={t('common.redirecting')} />;
  if (notFound) return <NotFound message={t('category.notFound')} />;
  // The header's icon and description come with the category: wait for it rather than move the page under the reader (CLS).
  if (!category && isLoading) return <Spinner message={t('category.loading')} />;

  const openCreator = (creator: Creator) => navigate(creatorLibraryPath(slug ?? categorySlug, creator.id));

  return (
    <section className={styles.page}>
      <nav className={styles.breadcrumb} aria-label={t('category.breadcrumb')}>
        <Link to="/browse">{t('category.browse')}</Link>
        <span aria-hidden="true"> › </span>
        <span>{category?.name ?? t('common.category')}</span>
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
          <h1 className={styles.title}>{category?.name ?? t('category.title')}</h1>
          {category?.description ? <p className={styles.description}>{category.description}</p> : null}
        </div>
      </header>
      <div className={styles.controls}>
        <div className={styles.search}>
          <TextField
            label={t('category.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            placeholder={t('category.placeholder')}
          />
        </div>
        <label className={styles.sort}>
          <span>{t('common.sortBy')}</span>
          <select value={sort} onChange={(e) => setSort(e.target.value as CategorySort)}>
            {CREATOR_SORTS.map((option) => (
              <option key={option.value} value={option.value}>
                {t(option.label)}
              </option>
            ))}
          </select>
        </label>
      </div>
      {isLoading && total === 0 ? (
        <Spinner message={t('category.loading')} />
      ) : error ? (
        <ErrorScreen message={error.message} onRetry={reload} retryLabel={t('common.tryAgain')} />
      ) : creators.length === 0 ? (
        <p className={styles.empty}>{search.trim() ? t('category.noneFound') : t('category.none')}</p>
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
                  <span className={styles.count}>
                    {t('common.items', { count: creator.productCount ?? 0 })}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {!isLoading && !error ? (
        <p className={styles.footer}>{t('category.showing', { shown: creators.length, total })}</p>
      ) : null}
    </section>
  );
}
