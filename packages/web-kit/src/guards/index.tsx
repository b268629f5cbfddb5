import { Download, Lock, RefreshCw, ShieldX, type IconComponent } from '../icons';
import type { ReactNode } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { useRememberedUser, type RememberedUser } from '../offline/rememberedUser';
import { useConnection } from '../offline/status';
import { UNREACHABLE_MESSAGE, hasAnyRole, openAuthDialog, session, useSession } from '../session';
import { useDocumentTitle } from '../site';
import { useSubscription } from '../subscription';
import { Button, buttonClassName } from '../ui/Button';
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

export function AuthenticationRequired() {
  return (
    <GuardNotice
      icon={Lock}
      title="Authentication Required"
      message="You need to log in to access this page."
    >
      <Button onClick={() => openAuthDialog('login')}>Login</Button>
      <Button variant="secondary" onClick={() => openAuthDialog('register')}>
        Sign Up
      </Button>
    </GuardNotice>
  );
}

export function AccessDenied() {
  const navigate = useNavigate();
  return (
    <GuardNotice
      icon={ShieldX}
      title="Access Denied"
      message="You don't have permission to access this page."
    >
      <Button onClick={() => navigate('/')}>Go to Dashboard</Button>
    </GuardNotice>
  );
}

/** A kept session that could not be checked: kept, retried on its own, and Retry checks at once. */
export function SessionUnreachable() {
  return (
    <GuardNotice
      icon={RefreshCw}
      title={UNREACHABLE_MESSAGE}
      message="You are still signed in. We will try again in a moment."
    >
      <Button onClick={() => void session.recheck()}>Retry</Button>
    </GuardNotice>
  );
}

export const NOT_AVAILABLE_OFFLINE = 'Not available offline';
export const DOWNLOADS_PATH = '/downloads';

/** A page that needs the connection, offline: the way to what was saved for offline watching. */
export function NotAvailableOffline() {
  useDocumentTitle(NOT_AVAILABLE_OFFLINE);
  return (
    <GuardNotice
      icon={Download}
      title={NOT_AVAILABLE_OFFLINE}
      message="This page needs a connection. The lessons you saved for offline watching play without one."
    >
      <Link to={DOWNLOADS_PATH} className={buttonClassName('primary')}>
        Go to Downloads
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
  if (!away.loaded) return <Spinner message="Loading..." />;
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
  if (isLoading) return <Spinner message="Loading..." />;
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
  if (isLoading) return <Spinner message="Loading..." />;
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
  if (sessionLoading) return <Spinner message="Loading..." />;
  if (offline) return offline;
  if (!isAuthenticated) return <AuthenticationRequired />;
  if (isLoading) return <Spinner message="Checking your subscription..." />;
  if (!hasSubscription)
    return <Navigate to={redirectTo} replace state={reason ? plansPageState(reason) : undefined} />;
  return <>{children}</>;
}
