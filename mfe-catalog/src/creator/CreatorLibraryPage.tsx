import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_TYPES, type PremiumProduct } from '@catalyst/contracts';
import {
  Button,
  categoryPath,
  DataIcon,
  ErrorScreen,
  NotFound,
  productPath,
  Spinner,
  TextField,
  useDocumentTitle,
  usePremiumRedirect,
  useStrings,
} from '@catalyst/web-kit';
import { catalogStrings, type CatalogKey } from '../i18n/en';
import { LEVEL_LABELS, TYPE_LABELS } from '../i18n/labels';
import styles from './CreatorLibraryPage.module.css';
import { ProductCard } from './ProductCard';
import { LIBRARY_LEVELS, LIBRARY_SORTS, useCreatorLibrary } from './useCreatorLibrary';
import { useLibraryView } from './useLibraryView';
import { useProgressMap } from './useProgressMap';

/** One labelled filter of the library: the options' values are exactly what the hook accepts. */
function FilterSelect<T extends string>({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: T;
  onChange: (value: T) => void;
  options: ReadonlyArray<{ value: T; label: CatalogKey }>;
}) {
  const t = useStrings(catalogStrings);
  return (
    <label className={styles.select}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {t(option.label)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** /browse/category/{categorySlug}/creator/{creatorId}: a creator's content library (subscribers and admins). */
export function CreatorLibraryPage() {
  const t = useStrings(catalogStrings);
  const { categorySlug = '', creatorId = '' } = useParams();
  const navigate = useNavigate();
  const { view, change, searchText, setSearchText, filtering, clearFilters } = useLibraryView();
  const { layout } = view;
  const library = useCreatorLibrary(categorySlug, creatorId, view);
  const progress = useProgressMap(categorySlug);
  const redirecting = usePremiumRedirect('category', library.error, library.creatorsError);
  const creatorName = library.creator?.name ?? library.products[0]?.creator.name;
  useDocumentTitle(creatorName ? t('library.documentTitle', { name: creatorName }) : t('library.title'));

  if (!categorySlug) return <ErrorScreen message={t('common.noSlug')} />;
  if (!creatorId) return <ErrorScreen message={t('library.noCreator')} />;
  if (redirecting) return <Spinner message={t('common.redirecting')} />;
  if (library.notFound) return <NotFound message={t('library.notFound')} />;
  // The header's avatar and description come with the creator's card: wait for it rather than move the page under the reader (CLS).
  if (!library.creator && library.creatorLoading) return <Spinner message={t('library.loading')} />;

  const openProduct = (product: PremiumProduct) => navigate(productPath(product));
  // The category's slug as the products name it (the address may hold its id).
  const categoryKey = library.products[0]?.category.slug ?? categorySlug;
  const backToCategory = () => navigate(categoryPath(categoryKey));

  return (
    <section className={styles.page}>
      <div>
        <Button variant="ghost" size="sm" onClick={backToCategory}>
          {t('library.back')}
        </Button>
      </div>
      <header className={styles.header}>
        {library.creator ? (
          <DataIcon
            className={styles.avatar}
            icon={library.creator.icon}
            name={library.creator.name}
            color={library.creator.color}
          />
        ) : null}
        <div>
          <h1 className={styles.title}>{creatorName ?? t('library.title')}</h1>
          {library.creator?.description ? (
            <p className={styles.description}>{library.creator.description}</p>
          ) : null}
        </div>
      </header>

      <div className={styles.controls}>
        <div className={styles.search}>
          <TextField
            label={t('library.search')}
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder={t('library.placeholder')}
          />
        </div>
        <FilterSelect
          label={t('common.type')}
          value={view.type}
          onChange={(type) => change({ type })}
          options={[
            { label: 'library.allTypes', value: '' },
            ...PRODUCT_TYPES.map((type) => ({ value: type, label: TYPE_LABELS[type] })),
          ]}
        />
        <FilterSelect
          label={t('common.level')}
          value={view.difficulty}
          onChange={(difficulty) => change({ difficulty })}
          options={[
            { label: 'library.allLevels', value: '' },
            ...LIBRARY_LEVELS.map((level) => ({ value: level, label: LEVEL_LABELS[level] })),
          ]}
        />
        <FilterSelect
          label={t('common.sortBy')}
          value={view.sort}
          onChange={(sort) => change({ sort })}
          options={LIBRARY_SORTS}
        />
        <div className={styles.toggle} role="group" aria-label={t('library.layout')}>
          <Button
            variant={layout === 'grid' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={layout === 'grid'}
            onClick={() => change({ layout: 'grid' })}
          >
            {t('library.grid')}
          </Button>
          <Button
            variant={layout === 'list' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={layout === 'list'}
            onClick={() => change({ layout: 'list' })}
          >
            {t('library.list')}
          </Button>
        </div>
        {filtering ? (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            {t('library.clear')}
          </Button>
        ) : null}
      </div>

      {library.error ? (
        <ErrorScreen
          message={t('library.failed', { message: library.error.message })}
          onRetry={library.reload}
          retryLabel={t('common.tryAgain')}
        />
      ) : !library.hasLoaded ? (
        <Spinner message={t('library.loading')} />
      ) : library.products.length === 0 ? (
        <p className={styles.empty}>{filtering ? t('library.noMatch') : t('library.none')}</p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {t('common.items', { count: library.products.length })}
          </p>
          <ul className={layout === 'grid' ? styles.grid : styles.list} data-layout={layout}>
            {library.products.map((product, index) => (
              <li key={product._id}>
                <ProductCard
                  product={product}
                  progress={progress.get(product._id)}
                  layout={layout}
                  onOpen={openProduct}
                  first={index === 0}
                />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
