import { Spinner, useSession } from '@catalyst/web-kit';
import { DashboardPage } from './DashboardPage';
import { WelcomePage } from './WelcomePage';

/** '/': the welcome message for visitors, the dashboard for signed-in users. */
export function HomePage() {
  const { isAuthenticated, isLoading } = useSession();
  if (isLoading) return <Spinner message="Loading..." />;
  return isAuthenticated ? <DashboardPage /> : <WelcomePage />;
}
