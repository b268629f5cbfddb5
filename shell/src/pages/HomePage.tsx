import { Spinner, useSession } from '@catalyst/web-kit';
import { lazyPage } from './lazyPage';
import { WelcomePage } from './WelcomePage';

// Visitors never download the dashboard.
const DashboardPage = lazyPage(() => import('./DashboardPage'));

/** '/': the welcome message for visitors, the dashboard for signed-in users. */
export function HomePage() {
  const { isAuthenticated, isLoading } = useSession();
  if (isLoading) return <Spinner message="Loading..." />;
  return isAuthenticated ? <DashboardPage /> : <WelcomePage />;
}
