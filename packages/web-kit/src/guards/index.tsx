import { Lock, RefreshCw, ShieldX, type IconComponent } from '../icons';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router-dom';
import { UNREACHABLE_MESSAGE, hasRole, openAuthDialog, session, useSession } from '../session';
import { useSubscription } from '../subscription';
import { Button } from '../ui/Button';
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

/** Renders its children for signed-in users only. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, unreachable } = useSession();
  if (isLoading) return <Spinner message="Loading..." />;
  if (unreachable) return <SessionUnreachable />;
  if (!isAuthenticated) return <AuthenticationRequired />;
  return <>{children}</>;
}

/** Renders its children for admins only; nothing inside is loaded for anyone else. */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, user, unreachable } = useSession();
  if (isLoading) return <Spinner message="Loading..." />;
  if (unreachable) return <SessionUnreachable />;
  if (!isAuthenticated) return <AuthenticationRequired />;
  if (!hasRole(user, 'admin')) return <AccessDenied />;
  return <>{children}</>;
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
  if (sessionLoading) return <Spinner message="Loading..." />;
  if (!isAuthenticated) return <AuthenticationRequired />;
  if (isLoading) return <Spinner message="Checking your subscription..." />;
  if (!hasSubscription)
    return <Navigate to={redirectTo} replace state={reason ? plansPageState(reason) : undefined} />;
  return <>{children}</>;
}
