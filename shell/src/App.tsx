import { StrictMode, useSyncExternalStore, type ReactNode } from 'react';
import { BrowserRouter, MemoryRouter, Route, Routes } from 'react-router-dom';
import {
  lazyPage,
  RemoteUnavailable,
  RequireAdmin,
  RequireAuth,
  RequireCreator,
  Spinner,
} from '@catalyst/web-kit';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { RemoteModule } from './federation/RemoteModule';
import { discoverRemotes } from './federation/remotes';
import {
  remoteRoutesState,
  routePattern,
  subscribeRemoteRoutes,
  type RemoteRoute,
  type RemoteRoutesState,
} from './federation/routeRemotes';
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

/** A remote's page behind the guard its audience names (the admin remote is requested only by admins and creators). */
function guarded(route: RemoteRoute): ReactNode {
  const page = <RemoteModule remote={route.remote} module={route.module} />;
  if (route.audience === 'admin') return <RequireAdmin>{page}</RequireAdmin>;
  if (route.audience === 'creator') return <RequireCreator>{page}</RequireCreator>;
  if (route.audience === 'signed-in') return <RequireAuth>{page}</RequireAuth>;
  return page;
}

/** Before the remotes' pages are known (a build-time render, or /mf/remotes.json still on its way). */
const PENDING: RemoteRoutesState = { status: 'pending' };

/** The remotes' pages as their releases publish them (federation/routeRemotes.ts), re-rendered when they arrive. */
const useRemoteRoutes = () => useSyncExternalStore(subscribeRemoteRoutes, remoteRoutesState, () => PENDING);

/**
 * An address no route names: the shell's not-found page once the remotes' pages are known; until then the
 * page's spinner (a remote's page may be coming), and Retry when the pages could not be had at all.
 */
function Unmatched({ routes }: { routes: RemoteRoutesState }) {
  if (routes.status === 'known') return <NotFoundPage />;
  if (routes.status === 'failed') return <RemoteUnavailable onRetry={() => void discoverRemotes()} />;
  return <Spinner />;
}

/**
 * The top-level routes: the shell's own, and the remotes' pages, mounted at run time from what each remote's
 * release publishes (its routes.json, carried by /mf/remotes.json); react-router picks the most specific.
 */
export function AppRoutes() {
  const routes = useRemoteRoutes();
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        {(routes.status === 'known' ? routes.routes : []).map((route) => (
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
        <Route path="*" element={<Unmatched routes={routes} />} />
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
