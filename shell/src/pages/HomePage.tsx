import { lazyPage, SessionUnreachable, Spinner, useSession } from '@catalyst/web-kit';
import { WelcomePage } from './WelcomePage';

// Visitors never download the dashboard.
const DashboardPage = lazyPage(() => import('./DashboardPage'));

/** '/': the welcome message for visitors, the dashboard for signed-in users. */
export function HomePage() {
  const { isAuthenticated, isLoading, unreachable } = useSession();
  if (isLoading) return <Spinner message="Loading..." />;
  // A kept session that cannot be checked right now is not a visitor: say so, keep it, retry.
  if (unreachable) return <SessionUnreachable />;
  return isAuthenticated ? <DashboardPage /> : <WelcomePage />;
}
