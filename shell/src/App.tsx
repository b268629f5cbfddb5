import { BrowserRouter, Route, Routes } from 'react-router-dom';
import { RequireAdmin, RequireAuth } from '@catalyst/web-kit';
import { AppErrorBoundary } from './errors/AppErrorBoundary';
import { RemoteModule } from './federation/RemoteModule';
import { Layout } from './layout/Layout';
import { HomePage } from './pages/HomePage';
import { lazyPage } from './pages/lazyPage';

// Pages a first visit to '/' does not show are separate chunks.
const AboutPage = lazyPage(() => import('./pages/AboutPage'));
const PrivacyPolicyPage = lazyPage(() => import('./pages/PrivacyPolicyPage'));
const TermsPage = lazyPage(() => import('./pages/TermsPage'));
const NotFoundPage = lazyPage(() => import('./pages/NotFoundPage'));

/** The top-level routes; each remote owns everything under its prefix. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="browse/premium/product/*" element={<RemoteModule remote="player" module="./ProductRoutes" />} />
        <Route path="browse/*" element={<RemoteModule remote="catalog" module="./BrowseRoutes" />} />
        <Route
          path="profile"
          element={
            <RequireAuth>
              <RemoteModule remote="account" module="./ProfilePage" />
            </RequireAuth>
          }
        />
        <Route
          path="subscription/*"
          element={
            <RequireAuth>
              <RemoteModule remote="account" module="./SubscriptionRoutes" />
            </RequireAuth>
          }
        />
        <Route path="verify-email" element={<RemoteModule remote="account" module="./VerifyEmailPage" />} />
        <Route path="reset-password" element={<RemoteModule remote="account" module="./ResetPasswordPage" />} />
        {/* RequireAdmin first: the admin remote is never requested for anyone else. */}
        <Route
          path="admin/*"
          element={
            <RequireAdmin>
              <RemoteModule remote="admin" module="./AdminRoutes" />
            </RequireAdmin>
          }
        />
        <Route
          path="about"
          element={
            <RequireAuth>
              <AboutPage />
            </RequireAuth>
          }
        />
        <Route path="privacy-policy" element={<PrivacyPolicyPage />} />
        <Route path="terms-and-conditions" element={<TermsPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}

export function App() {
  return (
    <AppErrorBoundary>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppErrorBoundary>
  );
}
