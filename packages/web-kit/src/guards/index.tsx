import { Download, Lock, RefreshCw, ShieldX, type IconComponent } from '../icons';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useRememberedUser, type RememberedUser } from '../offline/rememberedUser';
import { useConnection } from '../offline/status';
import { hasAnyRole, openAuthDialog, session, useSession } from '../session';
import { useDocumentTitle } from '../site';
import { useSubscription } from '../subscription';
import { Button, buttonClassName } from '../ui/Button';
import { kitStrings } from '../i18n/en';
import { useStrings } from '../i18n/strings';
import { Spinner } from '../ui/Spinner';
import { PLANS_PATH, plansPageState, type PremiumReason } from './premiumRedirect';
import styles from './Guard.module.css';

export * from './premiumRedirect';

function GuardNotice({
  icon: Icon,
  title,
  message,
  children,
}: {
  icon: IconComponent;
  title: string;
  message: string;
  children?: ReactNode;
}) {
  // The hidden separator keeps the whole notice readable as one sentence ('Title - message').
  return (
    <section className={styles.notice} role="alert">
      <div className={styles.icon} aria-hidden="true">
        <Icon size={40} strokeWidth={1.75} focusable="false" />
      </div>
      <h2 className={styles.title}>
        {title}
        <span className="ck-visually-hidden"> - </span>
      </h2>
      <p className={styles.message}>{message}</p>
      {children ? <div className={styles.actions}>{children}</div> : null}
    </section>
  );
}

/** A guard's spinner, saying what it waits for. */
function Loading({ what = 'page.loading' }: { what?: 'page.loading' | 'guard.checkingPlan' }) {
  const t = useStrings(kitStrings);
  return <Spinner message={t(what)} />;
}

export function AuthenticationRequired() {
  const t = useStrings(kitStrings);
  return (
    <GuardNotice icon={Lock} title={t('guard.signInTitle')} message={t('guard.signInMessage')}>
      <Button onClick={() => openAuthDialog('login')}>{t('guard.login')}</Button>
      <Button variant="secondary" onClick={() => openAuthDialog('register')}>
        {t('guard.signUp')}
      </Button>
    </GuardNotice>
  );
}

export function AccessDenied() {
  const navigate = useNavigate();
  const t = useStrings(kitStrings);
  return (
    <GuardNotice icon={ShieldX} title={t('guard.deniedTitle')} message={t('guard.deniedMessage')}>
      <Button onClick={() => navigate('/')}>{t('guard.dashboard')}</Button>
    </GuardNotice>
  );
}

/** A kept session that could not be checked: kept, retried on its own, and Retry checks at once. */
export function SessionUnreachable() {
  const t = useStrings(kitStrings);
  return (
    <GuardNotice icon={RefreshCw} title={t('guard.unreachableTitle')} message={t('guard.unreachableMessage')}>
      <Button onClick={() => void session.recheck()}>{t('error.retry')}</Button>
    </GuardNotice>
  );
}

export const DOWNLOADS_PATH = '/downloads';

/** A page that needs the connection, offline: the way to what was saved for offline watching. */
export function NotAvailableOffline() {
  const t = useStrings(kitStrings);
  useDocumentTitle(t('guard.offlineTitle'));
  return (
    <GuardNotice icon={Download} title={t('guard.offlineTitle')} message={t('guard.offlineMessage')}>
      <Link to={DOWNLOADS_PATH} className={buttonClassName('primary')}>
        {t('guard.downloads')}
      </Link>
    </GuardNotice>
  );
}

export interface OfflineUser {
  /** Offline with no session to show (an app reopened without a connection cannot renew it). */
  away: boolean;
  /** The device's record has been read (until then `user` is null for want of reading). */
  loaded: boolean;
  /** Who was last signed in on this device, while `away`. */
  user: RememberedUser | null;
}

/**
 * Offline with nobody signed in (or a kept session that cannot be checked): the person last signed in on
 * this device (web-kit's offline/rememberedUser.ts), whose downloads open without a connection.
 */
export function useOfflineUser(): OfflineUser {
  const { isAuthenticated, isLoading, unreachable } = useSession();
  const { offline } = useConnection();
  const away = offline && !isLoading && (!isAuthenticated || !!unreachable);
  const remembered = useRememberedUser(away);
  return { away, loaded: remembered.loaded, user: away ? remembered.user : null };
}

/**
 * What a guard shows offline for the remembered user instead of its usual answer: a page available
 * offline, or "Not available offline"; null when the guard decides as usual (online, signed in, nobody
 * remembered).
 */
function offlineAnswer(away: OfflineUser, page: ReactNode | null): ReactNode | null {
  if (!away.away) return null;
  if (!away.loaded) return <Loading />;
  if (!away.user) return null;
  return page ?? <NotAvailableOffline />;
}

/**
 * Renders its children for signed-in users only. `availableOffline`: offline with nobody signed in, the
 * children render for the person last signed in on this device (their downloads); every other guarded
 * page says "Not available offline" then, with the way to /downloads.
 */
export function RequireAuth({
  children,
  availableOffline = false,
}: {
  children: ReactNode;
  availableOffline?: boolean;
}) {
  const { isAuthenticated, isLoading, unreachable } = useSession();
  const offlineUser = useOfflineUser();
  if (isLoading) return <Loading />;
  const offline = offlineAnswer(offlineUser, availableOffline ? <>{children}</> : null);
  if (offline) return offline;
  if (unreachable) return <SessionUnreachable />;
  if (!isAuthenticated) return <AuthenticationRequired />;
  return <>{children}</>;
}

/** Renders its children for the given roles only; nothing inside is loaded for anyone else. */
function RequireRole({ roles, children }: { roles: readonly string[]; children: ReactNode }) {
  const { isAuthenticated, isLoading, user, unreachable } = useSession();
  const offline = offlineAnswer(useOfflineUser(), null);
  if (isLoading) return <Loading />;
  if (offline) return offline;
  if (unreachable) return <SessionUnreachable />;
  if (!isAuthenticated) return <AuthenticationRequired />;
  if (!hasAnyRole(user, roles)) return <AccessDenied />;
  return <>{children}</>;
}

const ADMINS = ['admin'] as const;
/** The creator studio's people: creators, and admins acting for any creator. */
export const STUDIO_ROLES = ['creator', 'admin'] as const;

/** Renders its children for admins only; nothing inside is loaded for anyone else. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  return <RequireRole roles={ADMINS}>{children}</RequireRole>;
}

/** Renders its children for creators and admins only (the creator studio). */
export function RequireCreator({ children }: { children: ReactNode }) {
  return <RequireRole roles={STUDIO_ROLES}>{children}</RequireRole>;
}

/** Renders its children for subscribers (and admins); others are sent to /subscription, told why (`reason`). */
export function RequireSubscription({
  children,
  redirectTo = PLANS_PATH,
  reason,
}: {
  children: ReactNode;
  redirectTo?: string;
  reason?: PremiumReason;
}) {
  const { isAuthenticated, isLoading: sessionLoading } = useSession();
  const { hasSubscription, isLoading } = useSubscription();
  const offline = offlineAnswer(useOfflineUser(), null);
  if (sessionLoading) return <Loading />;
  if (offline) return offline;
  if (!isAuthenticated) return <AuthenticationRequired />;
  if (isLoading) return <Loading what="guard.checkingPlan" />;
  if (!hasSubscription)
    return <Navigate to={redirectTo} replace state={reason ? plansPageState(reason) : undefined} />;
  return <>{children}</>;
}
