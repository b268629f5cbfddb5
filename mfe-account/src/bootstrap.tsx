// Standalone mount: `npm run dev -w mfe-account` serves the account pages alone on :3003 against the gateway.
import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes } from 'react-router-dom';
import {
  Button,
  closeAuthDialog,
  openAuthDialog,
  RequireAuth,
  session,
  setAuthDialogView,
  useAuthDialog,
  useSession,
} from '@catalyst/web-kit';
import AuthDialog from './auth/AuthDialog';
import ProfilePage from './profile/ProfilePage';
import SubscriptionRoutes from './subscription/routes';
import VerifyEmailPage from './verify-email/VerifyEmailPage';
import ResetPasswordPage from './reset-password/ResetPasswordPage';
import UnsubscribePage from './unsubscribe/UnsubscribePage';
import CertificatePage from './certificates/CertificatePage';
import LearningRecordPage from './learning/LearningRecordPage';
import NotesPage from './notes/NotesPage';

void session.start();

function StandaloneAuth() {
  const dialog = useAuthDialog();
  const { isAuthenticated, user, logout } = useSession();
  return (
    <nav style={{ padding: '1rem', display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <strong>account (standalone)</strong>
      {isAuthenticated ? (
        <>
          <span>{user?.email}</span>
          <Button variant="secondary" onClick={() => void logout()}>
            Logout
          </Button>
        </>
      ) : (
        <Button onClick={() => openAuthDialog('login')}>Login</Button>
      )}
      <AuthDialog
        {...dialog}
        onClose={closeAuthDialog}
        onViewChange={setAuthDialogView}
        onError={(m) => console.warn(m)}
      />
    </nav>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter>
      <StandaloneAuth />
      <main style={{ maxWidth: 1200, margin: '0 auto', padding: '1rem' }}>
        <Routes>
          <Route
            path="profile"
            element={
              <RequireAuth>
                <ProfilePage />
              </RequireAuth>
            }
          />
          <Route
            path="subscription/*"
            element={
              <RequireAuth>
                <SubscriptionRoutes />
              </RequireAuth>
            }
          />
          <Route path="verify-email" element={<VerifyEmailPage />} />
          <Route path="reset-password" element={<ResetPasswordPage />} />
          <Route path="unsubscribe" element={<UnsubscribePage />} />
          <Route path="certificates/*" element={<CertificatePage />} />
          <Route
            path="learning"
            element={
              <RequireAuth>
                <LearningRecordPage />
              </RequireAuth>
            }
          />
          <Route
            path="learning/notes"
            element={
              <RequireAuth>
                <NotesPage />
              </RequireAuth>
            }
          />
        </Routes>
      </main>
    </BrowserRouter>
  </StrictMode>,
);
