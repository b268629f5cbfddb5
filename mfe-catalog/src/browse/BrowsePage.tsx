import { useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Alert,
  Badge,
  Card,
  categoryPath,
  DataIcon,
  ErrorScreen,
  openAuthDialog,
  Pager,
  PATHS_PATH,
  PLANS_PATH,
  plansPageState,
  Spinner,
  TextField,
  useDocumentTitle,
  useSession,
  useSubscription,
} from '@catalyst/web-kit';
import styles from './BrowsePage.module.css';
import type { CategoryCard } from './types';
import { useCategories } from './useCategories';

/**
 * What the caller may open: 'checking' while a kept session or its plan is still being read (or auth cannot
 * be reached), so a member is never shown the visitor's banner and badges first (the banner going away moved
 * the whole grid up as the session answered).
 */
type Access = 'checking' | 'visitor' | 'learner' | 'member';

function useAccess(): Access {
  const { isAuthenticated, token } = useSession();
  const { hasSubscription, isLoading } = useSubscription();
  if (!isAuthenticated) return token === null ? 'visitor' : 'checking';
  if (isLoading) return 'checking';
  return hasSubscription ? 'member' : 'learner';
}

const BADGES: Record<Access, ReactNode> = {
  checking: <Badge tone="neutral">Checking access</Badge>,
  visitor: <Badge tone="neutral">Login Required</Badge>,
  learner: <Badge tone="warning">Premium Content</Badge>,
  member: <Badge tone="success">Full Access</Badge>,
};

export function BrowsePage() {
  useDocumentTitle('Browse Categories');
  const navigate = useNavigate();
  const access = useAccess();
  const [search, setSearch] = useState('');
  const top = useRef<HTMLElement>(null);
  const {
    categories: shown,
    hasLoaded,
    isLoading,
    searching,
    page,
    pages,
    setPage,
    error,
    reload,
  } = useCategories(search);

  // Category addresses use the slug (readable, stable across databases); the category page also accepts an id.
  // While access is being checked the category page's own guard waits for the answer and decides.
  const open = (category: CategoryCard) => {
    if (access === 'visitor') openAuthDialog('login');
    else if (access === 'learner') navigate(PLANS_PATH, { state: plansPageState('category') });
    else navigate(categoryPath(category.slug || category._id));
  };

  return (
    <section ref={top}>
      <div className={styles.header}>
        <div>
          <h1 className={styles.title}>Browse Categories</h1>
          <p className={styles.paths}>
            Or follow a <Link to={PATHS_PATH}>learning path</Link>: courses and videos in order, towards a
            goal.
          </p>
        </div>
        <div className={styles.search}>
          <TextField
            label="Search categories"
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {access === 'visitor' ? (
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
                <Card
                  as="div"
                  interactive
                  className={styles.card}
                  role="button"
                  tabIndex={0}
                  onClick={() => open(category)}
                  onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && open(category)}
                >
                  <DataIcon
                    className={styles.icon}
                    icon={category.icon ?? ''}
                    name={category.name}
                    color={category.color ?? '#f59e0b'}
                  />
                  <h2 className={styles.name}>{category.name}</h2>
                  <p className={styles.description}>{category.description}</p>
                  {BADGES[access]}
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
