// What the header's admin and user menus show once opened: signed-in pages only, so this module (and its
// texts, shell/src/i18n/signed-in/) is a chunk a visitor's pages never load (Header.tsx loads it lazily).
import { ChevronDown } from '@catalyst/web-kit/icons';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import {
  Badge,
  hasAnyRole,
  isAdmin,
  LEARNING_RECORD_PATH,
  SAVED_PATH,
  STUDIO_ROLES,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { shellStrings } from '../i18n/en';
import { signedInStrings } from '../i18n/signed-in/en';
import { useAppState } from '../pwa/appState';
import styles from './Header.module.css';

/** An open menu: `within`, the menu's button and itself; `close` closes it. */
interface OpenMenu {
  within: RefObject<HTMLDivElement | null>;
  close: () => void;
}

/** Closes the open menu on a click outside it (and its button) or on Escape. */
function useDismiss({ within, close }: OpenMenu) {
  useEffect(() => {
    const onPointer = (event: MouseEvent) => {
      if (within.current && !within.current.contains(event.target as Node)) close();
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') close();
    };
    document.addEventListener('mousedown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [within, close]);
}

const ADMIN_ENTRIES = [
  { to: '/admin/categories', label: 'admin.categories' },
  { to: '/admin/products', label: 'admin.products' },
  { to: '/admin/categories/new', label: 'admin.addCategory' },
  { to: '/admin/products/new', label: 'admin.addProduct' },
] as const;

/** The admin menu's entries. */
function AdminMenuItems(menu: OpenMenu) {
  const { close } = menu;
  useDismiss(menu);
  const t = useStrings(signedInStrings);
  const shell = useStrings(shellStrings);
  return (
    <div className={styles.menu} role="menu" aria-label={shell('header.admin')}>
      {ADMIN_ENTRIES.map((entry) => (
        <Link key={entry.to} to={entry.to} role="menuitem" className={styles.menuItem} onClick={close}>
          {t(entry.label)}
        </Link>
      ))}
    </div>
  );
}

/** An admin's Admin drop-down in the header's nav: the admin pages' lists and forms. */
export function AdminMenu() {
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  const t = useStrings(shellStrings);
  return (
    <div className={`${styles.menuWrap} ${styles.adminMenu}`} ref={ref}>
      <button
        type="button"
        className={styles.link}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((v) => !v)}
      >
        {t('header.admin')} <ChevronDown size={16} aria-hidden="true" focusable="false" />
      </button>
      {open ? <AdminMenuItems within={ref} close={() => setOpen(false)} /> : null}
    </div>
  );
}

/** A menu item that does something (rather than opening a page): the menu closes first. */
function MenuAction({ close, act, label }: { close: () => void; act: () => void; label: string }) {
  return (
    <button
      type="button"
      role="menuitem"
      className={styles.menuItem}
      onClick={() => {
        close();
        act();
      }}
    >
      {label}
    </button>
  );
}

/** The user menu: who is signed in, their pages, installing the app, and logging out. */
export function UserMenuItems(menu: OpenMenu) {
  const { close } = menu;
  useDismiss(menu);
  const { user, logout } = useSession();
  const navigate = useNavigate();
  const admin = isAdmin(user);
  const studio = hasAnyRole(user, STUDIO_ROLES);
  const { install } = useAppState();
  const t = useStrings(signedInStrings);
  return (
    <div className={styles.menu} role="menu" aria-label={t('menu.label')}>
      <div className={styles.menuHeader}>
        <p className={styles.menuName}>
          {user?.name || t('menu.user')} {admin ? <Badge tone="primary">{t('menu.adminBadge')}</Badge> : null}
          {user?.role === 'creator' ? <Badge tone="primary">{t('menu.creatorBadge')}</Badge> : null}
        </p>
        <p className={styles.menuEmail}>{user?.email}</p>
      </div>
      <Link to="/profile" role="menuitem" className={styles.menuItem} onClick={close}>
        {t('menu.profile')}
      </Link>
      <Link to="/subscription" role="menuitem" className={styles.menuItem} onClick={close}>
        {t('menu.subscription')}
      </Link>
      <Link to={LEARNING_RECORD_PATH} role="menuitem" className={styles.menuItem} onClick={close}>
        {t('menu.learning')}
      </Link>
      <Link to={SAVED_PATH} role="menuitem" className={styles.menuItem} onClick={close}>
        {t('menu.saved')}
      </Link>
      <Link to="/downloads" role="menuitem" className={styles.menuItem} onClick={close}>
        {t('menu.downloads')}
      </Link>
      {install ? <MenuAction close={close} act={() => void install()} label={t('menu.install')} /> : null}
      {studio ? (
        <Link to="/studio" role="menuitem" className={styles.menuItem} onClick={close}>
          {t('menu.studio')}
        </Link>
      ) : null}
      {admin ? (
        <Link
          to="/admin"
          role="menuitem"
          className={`${styles.menuItem} ${styles.adminOnlySmall}`}
          onClick={close}
        >
          {t('menu.adminPanel')}
        </Link>
      ) : null}
      <MenuAction
        close={close}
        act={() => {
          void logout();
          navigate('/');
        }}
        label={t('menu.logout')}
      />
    </div>
  );
}
