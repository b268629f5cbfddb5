import { useRef, useState } from 'react';
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
  useStrings,
  useSubscription,
  withPart,
} from '@catalyst/web-kit';
import { catalogStrings, type CatalogKey } from '../i18n/en';
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

const BADGES: Record<Access, { tone: 'neutral' | 'warning' | 'success'; label: CatalogKey }> = {
  checking: { tone: 'neutral', label: 'browse.checking' },
  visitor: { tone: 'neutral', label: 'browse.loginRequired' },
  learner: { tone: 'warning', label: 'browse.premium' },
  member: { tone: 'success', label: 'browse.fullAccess' },
};

export function BrowsePage() {
  const t = useStrings(catalogStrings);
  useDocumentTitle(t('browse.title'));
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
          <h1 className={styles.title}>{t('browse.title')}</h1>
          <p className={styles.paths}>
            {withPart(t('browse.paths'), 'link', <Link to={PATHS_PATH}>{t('browse.pathsLink')}</Link>)}
          </p>
        </div>
        <div className={styles.search}>
          <TextField
            label={t('browse.search')}
            type="search"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
      </div>
      {access === 'visitor' ? (
        <Alert tone="info" className={styles.banner}>
          {t('browse.signIn')}
        </Alert>
      ) : null}
      {error ? (
        <ErrorScreen message={t('browse.failed')} onRetry={reload} retryLabel={t('common.tryAgain')} />
      ) : !hasLoaded ? (
        <Spinner message={t('browse.loading')} />
      ) : shown.length === 0 ? (
        searching ? (
          <Spinner message={t('browse.searching')} />
        ) : (
          <p className={styles.empty}>{search.trim() ? t('browse.noneFound') : t('browse.none')}</p>
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
                  <Badge tone={BADGES[access].tone}>{t(BADGES[access].label)}</Badge>
                </Card>
              </li>
            ))}
          </ul>
          <div className={styles.pager}>
            <Pager
              label={t('browse.pages')}
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
