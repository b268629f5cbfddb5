import { StrictMode, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router-dom';
import { lazyPage, RequireAdmin, RequireAuth } from '@catalyst/web-kit';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { RemoteModule } from './federation/RemoteModule';
import { REMOTE_ROUTES, routePattern, type RemoteRoute } from './federation/routeRemotes';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';

// Pages a first visit to '/' does not show are separate chunks. The legal pages' styles stay in the
// main stylesheet (1.8 KB): the gateway serves those pages' HTML with their first paint, before their
// chunk has loaded (first-paint.tsx).
import './pages/legal/LegalDocument.module.css';
const AboutPage = lazyPage(() => import('./pages/AboutPage'));
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage'));
const TermsPage = lazyPage(() => import('./pages/TermsPage'));
const PricingPage = lazyPage(() => import('./pages/PricingPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));
const DownloadsPage = lazyPage(() => import('./pwa/DownloadsPage'));

/** A remote's page behind the guard its audience names (the admin remote is never requested for anyone else). */
function guarded(route: RemoteRoute): ReactNode {
  const page = <RemoteModule remote={route.remote} module={route.module} />;
  if (route.audience === 'admin') return <RequireAdmin>{page}</RequireAdmin>;
  if (route.audience === 'signed-in') return <RequireAuth>{page}</RequireAuth>;
  return page;
}

/** The top-level routes: the remotes' pages from the one table (REMOTE_ROUTES), then the shell's own. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {REMOTE_ROUTES.map((route) => (
          <Route key={route.path} path={routePattern(route)} element={guarded(route)} />
        ))}
        <Route
          path="about"
          element={
            <RequireAuth>
              <AboutPage />
            </RequireAuth>
          }
        />
        <Route
          path="downloads"
          element={
            // the saved lessons open offline for the person last signed in here, session or not
            <RequireAuth availableOffline>
              <DownloadsPage />
            </RequireAuth>
          }
        />
        <Route path="pricing" element={<PricingPage />} />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-and-conditions" element={<TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

/**
 * The whole app. `location` renders that one address without a browser (the build-time first paint,
 * first-paint.tsx): the same tree as in the browser, so the page it makes can be hydrated.
 */
export function App({ location }: { location?: string } = {}) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        {location === undefined ? (
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        ) : (
          <MemoryRouter initialEntries={[location]}>
            <AppRoutes />
          </MemoryRouter>
        )}
      </AppErrorBoundary>
    </StrictMode>
  );
}
