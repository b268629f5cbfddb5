import { useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import type { Difficulty, PremiumProduct, ProductSort, ProductType } from '@catalyst/contracts';
import { Button, ErrorScreen, Spinner, TextField, useDocumentTitle, usePremiumRedirect } from '@catalyst/web-kit';
import { useDebouncedValue } from '../shared/useDebouncedValue';
import styles from './CreatorLibraryPage.module.css';
import { ProductCard } from './ProductCard';
import { LIBRARY_LEVELS, LIBRARY_SORTS, LIBRARY_TYPES, useCreatorLibrary } from './useCreatorLibrary';
import { useProgressMap } from './useProgressMap';

const capitalise = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);
const titled = <T extends string>(value: T) => ({ value, label: capitalise(value) });

/** One labelled filter of the library: the options' values are exactly what the hook accepts. */
function FilterSelect<T extends string>({ label, value, onChange, options }: { label: string; value: T; onChange: (value: T) => void; options: ReadonlyArray<{ value: T; label: string }> }) {
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
  const [layout, setLayout] = useState<'grid' | 'list'>('grid');
  const [search, setSearch] = useState('');
  const [type, setType] = useState<ProductType | ''>('');
  const [difficulty, setDifficulty] = useState<Difficulty | ''>('');
  const [sort, setSort] = useState<ProductSort>('sortOrder');
  const settledSearch = useDebouncedValue(search, 250);
  const library = useCreatorLibrary(categorySlug, creatorId, { search: settledSearch, type, difficulty, sort });
  const progress = useProgressMap();
  const redirecting = usePremiumRedirect('category', library.error, library.creatorsError);
  const creatorName = library.creator?.name ?? library.products[0]?.creator.name;
  useDocumentTitle(creatorName ? `${creatorName} - Library` : 'Library');

  if (!categorySlug) return <ErrorScreen message="No category slug provided." />;
  if (!creatorId) return <ErrorScreen message="No creator ID provided." />;
  if (redirecting) return <Spinner message="Redirecting..." />;

  const filtering = search.trim() !== '' || type !== '' || difficulty !== '';
  const openProduct = (product: PremiumProduct) => navigate(`/browse/premium/product/${product.productId}`);
  const backToCategory = () => navigate(`/browse/category/${encodeURIComponent(categorySlug)}`);

  return (
    <section className={styles.page}>
      <div>
        <Button variant="ghost" size="sm" onClick={backToCategory}>
          ← Back to category
        </Button>
      </div>
      <header className={styles.header}>
        {library.creator ? (
          <span className={styles.avatar} style={{ background: `${library.creator.color}22` }} aria-hidden="true">
            {library.creator.icon || '🎓'}
          </span>
        ) : null}
        <div>
          <h1 className={styles.title}>{creatorName ?? 'Library'}</h1>
          {library.creator?.description ? <p className={styles.description}>{library.creator.description}</p> : null}
        </div>
      </header>

      <div className={styles.controls}>
        <div className={styles.search}>
          <TextField label="Search content" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Title or description" />
        </div>
        <FilterSelect label="Type" value={type} onChange={setType} options={[{ value: '', label: 'All types' }, ...LIBRARY_TYPES.map(titled)]} />
        <FilterSelect label="Level" value={difficulty} onChange={setDifficulty} options={[{ value: '', label: 'All levels' }, ...LIBRARY_LEVELS.map(titled)]} />
        <FilterSelect label="Sort by" value={sort} onChange={setSort} options={LIBRARY_SORTS} />
        <div className={styles.toggle} role="group" aria-label="Layout">
          <Button variant={layout === 'grid' ? 'primary' : 'secondary'} size="sm" aria-pressed={layout === 'grid'} onClick={() => setLayout('grid')}>
            Grid
          </Button>
          <Button variant={layout === 'list' ? 'primary' : 'secondary'} size="sm" aria-pressed={layout === 'list'} onClick={() => setLayout('list')}>
            List
          </Button>
        </div>
      </div>

      {library.error ? (
        <ErrorScreen message={`Failed to load products: ${library.error.message}`} onRetry={library.reload} retryLabel="Try Again" />
      ) : !library.hasLoaded ? (
        <Spinner message="Loading products..." />
      ) : library.products.length === 0 ? (
        <p className={styles.empty}>{filtering ? 'No content matches your filters' : 'No content available yet'}</p>
      ) : (
        <>
          <p className={styles.count} aria-live="polite">
            {library.products.length} {library.products.length === 1 ? 'item' : 'items'}
          </p>
          <ul className={layout === 'grid' ? styles.grid : styles.list} data-layout={layout}>
            {library.products.map((product) => (
              <li key={product._id}>
                <ProductCard product={product} progress={progress.get(product._id)} layout={layout} onOpen={openProduct} />
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
