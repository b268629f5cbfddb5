import { useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Card, categoryPath, DataIcon, ErrorScreen, openAuthDialog, Pager, PLANS_PATH, plansPageState, Spinner, TextField, useDocumentTitle, useSession, useSubscription } from '@catalyst/web-kit';
import styles from './BrowsePage.module.css';
import type { CategoryCard } from './types';
import { useCategories } from './useCategories';

export function BrowsePage() {
  useDocumentTitle('Browse Categories');
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const { hasSubscription } = useSubscription();
  const [search, setSearch] = useState('');
  const top = useRef<HTMLElement>(null);
  const { categories: shown, hasLoaded, isLoading, searching, page, pages, setPage, error, reload } = useCategories(search);

  // Category addresses use the slug (readable, stable across databases); the category page also accepts an id.
  const open = (category: CategoryCard) => {
    if (!isAuthenticated) openAuthDialog('login');
    else if (!hasSubscription) navigate(PLANS_PATH, { state: plansPageState('category') });
    else navigate(categoryPath(category.slug || category._id));
  };

  return (
    <section ref={top}>
      <div className={styles.header}>
        <h1 className={styles.title}>Browse Categories</h1>
        <div className={styles.search}>
          <TextField label="Search categories" type="search" value={search} onChange={(e) => setSearch(e.target.value)} />
        </div>
      </div>
      {!isAuthenticated ? (
        <Alert tone="info" className={styles.banner}>
          Sign in to open categories and start learning.
        </Alert>
      ) : null}
      {error ? (
        <ErrorScreen message="Failed to load categories" onRetry={reload} retryLabel="Try Again" />
      ) : !hasLoaded ? (
        <Spinner message="Loading categories..." />
      ) : shown.length === 0 ? (
        searching ? (
          <Spinner message="Searching categories..." />
        ) : (
          <p className={styles.empty}>{search.trim() ? 'No categories found' : 'No categories available'}</p>
        )
      ) : (
        <>
          <ul className={styles.grid} aria-busy={isLoading || searching}>
            {shown.map((category) => (
              <li key={category._id}>
                <Card as="div" interactive className={styles.card} role="button" tabIndex={0} onClick={() => open(category)} onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open(category)}>
                  <DataIcon className={styles.icon} icon={category.icon ?? ''} name={category.name} color={category.color ?? '#f59e0b'} />
                  <h2 className={styles.name}>{category.name}</h2>
                  <p className={styles.description}>{category.description}</p>
                  {!isAuthenticated ? (
                    <Badge tone="neutral">Login Required</Badge>
                  ) : hasSubscription ? (
                    <Badge tone="success">Full Access</Badge>
                  ) : (
                    <Badge tone="warning">Premium Content</Badge>
                  )}
                </Card>
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <Pager
              label="Category pages"
              page={page}
              pages={pages}
              onPage={(next) => {
                setPage(next);
                top.current?.scrollIntoView?.({ block: 'start' });
              }}
            />
          </div>
        </>
      )}
    </section>
  );
}
