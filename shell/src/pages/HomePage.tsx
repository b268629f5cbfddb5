import {
  lazyPage,
  NotAvailableOffline,
  PageLoading,
  SessionUnreachable,
  useOfflineUser,
  useSession,
} from '@catalyst/web-kit';
import { WelcomePage } from './WelcomePage';

// Visitors never download the dashboard.
const DashboardPage = lazyPage(() => import('./DashboardPage'));

/**
 * '/': the welcome message for visitors, the dashboard for signed-in users. Offline with nobody signed in
 * (the app reopened without a connection), the person last signed in here is sent on to their downloads.
 */
export function HomePage() {
  const { isAuthenticated, isLoading, unreachable } = useSession();
  const offlineUser = useOfflineUser();
  if (isLoading) return <PageLoading />;
  if (offlineUser.away && !offlineUser.loaded) return <PageLoading />;
  if (offlineUser.user) return <NotAvailableOffline />;
  // A kept session that cannot be checked right now is not a visitor: say so, keep it, retry.
  if (unreachable) return <SessionUnreachable />;
  return isAuthenticated ? <DashboardPage /> : <WelcomePage />;
}
