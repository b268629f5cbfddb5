import { useNavigate, useParams } from 'react-router-dom';
import { PRODUCT_TYPES, PRODUCT_TYPE_LABELS, type PremiumProduct } from '@catalyst/contracts';
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
} from '@catalyst/web-kit';
import styles from './CreatorLibraryPage.module.css';
import { ProductCard } from './ProductCard';
import { LIBRARY_LEVELS, LIBRARY_SORTS, useCreatorLibrary } from './useCreatorLibrary';
import { useLibraryView } from './useLibraryView';
import { useProgressMap } from './useProgressMap';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const titled = <T extends string>(value: T) => ({ value, label: capitalise(value) });

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
  options: ReadonlyArray<{ value: T; label: string }>;
}) {
  return (
    <label className={styles.select}>
      <span>{label}</span>
      <select value={value} onChange={(e) => onChange(e.target.value as T)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}

/** /browse/category/{categorySlug}/creator/{creatorId}: a creator's content library (subscribers and admins). */
export function CreatorLibraryPage() {
  const { categorySlug = '', creatorId = '' } = useParams();
  const navigate = useNavigate();
  const { view, change, searchText, setSearchText, filtering, clearFilters } = useLibraryView();
  const { layout } = view;
  const library = useCreatorLibrary(categorySlug, creatorId, view);
  const progress = useProgressMap(categorySlug);
  const redirecting = usePremiumRedirect('category', library.error, library.creatorsError);
  const creatorName = library.creator?.name ?? library.products[0]?.creator.name;
  useDocumentTitle(creatorName ? `${creatorName} - Library` : 'Library');

  if (!categorySlug) return <ErrorScreen message="No category slug provided." />;
  if (!creatorId) return <ErrorScreen message="No creator ID provided." />;
  if (redirecting) return <Spinner message="Redirecting..." />;
  if (library.notFound)
    return <NotFound message="This creator has no library in this category, or it has been removed." />;
  // The header's avatar and description come with the creator's card: wait for it rather than move the page under the reader (CLS).
  if (!library.creator && library.creatorLoading) return <Spinner message="Loading products..." />;

  const openProduct = (product: PremiumProduct) => navigate(productPath(product));
  // The category's slug as the products name it (the address may hold its id).
  const categoryKey = library.products[0]?.category.slug ?? categorySlug;
  const backToCategory = () => navigate(categoryPath(categoryKey));

  return (
    <section className={styles.page}>
      <div>
        <Button variant="ghost" size="sm" onClick={backToCategory}>
          ← Back to category
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
          <h1 className={styles.title}>{creatorName ?? 'Library'}</h1>
          {library.creator?.description ? (
            <p className={styles.description}>{library.creator.description}</p>
          ) : null}
        </div>
      </header>

      <div className={styles.controls}>
        <div className={styles.search}>
          <TextField
            label="Search content"
            type="search"
            value={searchText}
            onChange={(e) => setSearchText(e.target.value)}
            placeholder="Title or description"
          />
        </div>
        <FilterSelect
          label="Type"
          value={view.type}
          onChange={(type) => change({ type })}
          options={[
            { value: '', label: 'All types' },
            ...PRODUCT_TYPES.map((t) => ({ value: t, label: PRODUCT_TYPE_LABELS[t] })),
          ]}
        />
        <FilterSelect
          label="Level"
          value={view.difficulty}
          onChange={(difficulty) => change({ difficulty })}
          options={[{ value: '', label: 'All levels' }, ...LIBRARY_LEVELS.map(titled)]}
        />
        <FilterSelect
          label="Sort by"
          value={view.sort}
          onChange={(sort) => change({ sort })}
          options={LIBRARY_SORTS}
        />
        <div className={styles.toggle} role="group" aria-label="Layout">
          <Button
            variant={layout === 'grid' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={layout === 'grid'}
            onClick={() => change({ layout: 'grid' })}
          >
            Grid
          </Button>
          <Button
            variant={layout === 'list' ? 'primary' : 'secondary'}
            size="sm"
            aria-pressed={layout === 'list'}
            onClick={() => change({ layout: 'list' })}
          >
            List
          </Button>
        </div>
        {filtering ? (
          <Button variant="ghost" size="sm" onClick={clearFilters}>
            Clear filters
          </Button>
        ) : null}
      </div>

      {library.error ? (
        <ErrorScreen
          message={`Failed to load products: ${library.error.message}`}
          onRetry={library.reload}
          retryLabel="Try Again"
        />
      ) : !library.hasLoaded ? (
        <Spinner message="Loading products..." />
      ) : library.products.length === 0 ? (
        <p className={styles.empty}>
          {filtering ? 'No content matches your filters' : 'No content available yet'}
        </p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {library.products.length} {library.products.length === 1 ? 'item' : 'items'}
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
