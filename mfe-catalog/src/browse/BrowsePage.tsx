import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, Badge, Card, categoryPath, DataIcon, ErrorScreen, openAuthDialog, PLANS_PATH, plansPageState, Spinner, TextField, useDocumentTitle, useSession, useSubscription } from '@catalyst/web-kit';
import styles from './BrowsePage.module.css';
import type { CategoryCard } from './types';
import { useCategories } from './useCategories';

export function BrowsePage() {
  useDocumentTitle('Browse Categories');
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const { hasSubscription } = useSubscription();
  const { categories, isLoading, error, reload } = useCategories();
  const [search, setSearch] = useState('');

  const needle = search.trim().toLowerCase();
  const shown = needle
    ? categories.filter((c) => c.name.toLowerCase().includes(needle) || (c.description ?? '').toLowerCase().includes(needle))
    : categories;

  // Category addresses use the slug (readable, stable across databases); the category page also accepts an id.
  const open = (category: CategoryCard) => {
    if (!isAuthenticated) openAuthDialog('login');
    else if (!hasSubscription) navigate(PLANS_PATH, { state: plansPageState('category') });
    else navigate(categoryPath(category.slug || category._id));
  };

  return (
    <section>
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
      {isLoading ? (
        <Spinner message="Loading categories..." />
      ) : error ? (
        <ErrorScreen message="Failed to load categories" onRetry={reload} retryLabel="Try Again" />
      ) : shown.length === 0 ? (
        <p className={styles.empty}>{needle ? 'No categories found' : 'No categories available'}</p>
      ) : (
        <ul className={styles.grid}>
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
      )}
    </section>
  );
}
