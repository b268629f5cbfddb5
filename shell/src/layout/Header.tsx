import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  Button,
  buttonClassName,
  avatarLetter,
  firstName,
  isAdmin,
  openAuthDialog,
  Spinner,
  useOfflineUser,
  useSession,
  useSiteConfig,
  useStrings,
} from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import styles from './Header.module.css';
import { HeaderSearch } from './HeaderSearch';
import { SearchPalette } from './SearchPalette';
import { ThemeToggle } from './ThemeToggle';

// Signed-in pages only: the bell and its stream reader stay out of the first paint's script, and so do what
// the user and admin menus show once opened (a visitor's pages never load them).
const NotificationBell = lazy(() => import('./NotificationBell'));
const loadMenus = () => import('./HeaderMenus');
// an admin's Admin drop-down joins the end of the nav (only the space after it shrinks: nothing moves)
const AdminMenu = lazy(() => loadMenus().then((menus) => ({ default: menus.AdminMenu })));
const UserMenuItems = lazy(() => loadMenus().then((menus) => ({ default: menus.UserMenuItems })));

/**
 * Highlighted on its own page and the pages under it. '/' is highlighted on '/' only: the spec's
 * "starts with" rule marked Dashboard on every page (a deliberate departure, see docs/architecture.md).
 */
function isActivePath(pathname: string, to: string): boolean {
  if (to === '/') return pathname === '/';
  return pathname === to || pathname.startsWith(`${to}/`);
}

function NavItem({ to, children, onNavigate }: { to: string; children: ReactNode; onNavigate?: () => void }) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, to);
  return (
    <Link
      to={to}
      className={`${styles.link} ${active ? styles.active : ''}`}
      aria-current={active ? 'page' : undefined}
      onClick={onNavigate}
    >
      {children}
    </Link>
  );
}

function UserMenu() {
  const { user } = useSession();
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const t = useStrings(shellStrings);
  // the menus' code comes while the page settles, so it is in by the first click
  useEffect(() => void loadMenus(), []);
  return (
    <div className={styles.menuWrap} ref={ref}>
      <button
        type="button"
        className={styles.avatar}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-label={t('menu.open')}
        onClick={() => setOpen((v) => !v)}
      >
        {avatarLetter(user)}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <UserMenuItems within={ref} close={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}

/**
 * `frame`: the header of the app's frame (first-paint.tsx), served before anyone is known. It is the
 * header of a kept session being checked: the logo, the checking spinner, and the phone's row in a tab
 * keeping a session only (styles.keptOnly), so nothing moves when the app's own header replaces it.
 */
export function Header({ frame = false }: { frame?: boolean }) {
  const { name } = useSiteConfig();
  const t = useStrings(shellStrings);
  const session = useSession();
  const { isAuthenticated, user } = session;
  const isLoading = frame || session.isLoading;
  // offline with nobody signed in (the app reopened without a connection): the person last signed in here
  const offlineUser = useOfflineUser().user;
  const admin = isAdmin(user);
  // A phone's second row of links. While a kept session is being checked it is already there (its links
  // are everyone's; Admin joins them once the user is known), so the page does not move down under it
  // when the check answers.
  const compact = frame || (isLoading ? session.token !== null : isAuthenticated);

  return (
    <header className={styles.header}>
      <div className={styles.inner}>
        <Link to="/" className={styles.logo} aria-label={t('header.home', { site: name })}>
          <span className={styles.logoMark} aria-hidden="true">
            {name.charAt(0)}
          </span>
          {name}
        </Link>
        {frame ? null : (
          <>
            <HeaderSearch />
            <SearchPalette />
          </>
        )}
        {isLoading ? (
          <div className={styles.loading}>
            <Spinner size="sm" inline />
          </div>
        ) : isAuthenticated ? (
          <>
            <nav className={styles.nav} aria-label={t('header.main')}>
              <NavItem to="/">{t('header.dashboard')}</NavItem>
              <NavItem to="/browse">{t('header.browse')}</NavItem>
              <NavItem to="/about">{t('header.about')}</NavItem>
              {admin ? (
                <Suspense fallback={null}>
                  <AdminMenu />
                </Suspense>
              ) : null}
            </nav>
            <div className={styles.spacer} />
            <div className={styles.actions}>
              <span className={styles.greeting}>{t('header.welcome', { name: firstName(user) })}</span>
              {/* the placeholder holds the bell's place while its code loads, so nothing moves */}
              <Suspense fallback={<span className={styles.bell} aria-hidden="true" />}>
                <NotificationBell />
              </Suspense>
              <UserMenu />
            </div>
          </>
        ) : offlineUser ? (
          <>
            <div className={styles.spacer} />
            <div className={styles.actions}>
              <span className={styles.greeting}>
                {t('header.offline', { name: firstName({ ...offlineUser }) })}
              </span>
              <Link to="/downloads" className={buttonClassName('ghost')}>
                {t('header.downloads')}
              </Link>
            </div>
          </>
        ) : (
          <>
            <div className={styles.spacer} />
            <div className={styles.actions}>
              <Button variant="ghost" onClick={() => openAuthDialog('login')}>
                {t('header.login')}
              </Button>
              <Button variant="primary" onClick={() => openAuthDialog('register')}>
                {t('header.signUp')}
              </Button>
            </div>
          </>
        )}
        {/* (the frame has no buttons: nothing it shows works before the app has loaded) */}
        {frame ? null : <ThemeToggle />}
      </div>
      {compact ? (
        <nav
          className={frame ? `${styles.compact} ${styles.keptOnly}` : styles.compact}
          aria-label={t('header.compact')}
        >
          <NavItem to="/browse">{t('header.browse')}</NavItem>
          <NavItem to="/about">{t('header.about')}</NavItem>
          <NavItem to="/">{t('header.dashboard')}</NavItem>
          {admin ? <NavItem to="/admin">{t('header.admin')}</NavItem> : null}
        </nav>
      ) : null}
    </header>
  );
}
