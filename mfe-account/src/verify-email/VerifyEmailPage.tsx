import { Check, X } from '@catalyst/web-kit/icons';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Card,
  openAuthDialog,
  remoteTestId,
  Spinner,
  useDocumentTitle,
  useSession,
} from '@catalyst/web-kit';
import { useVerifyEmail } from './useVerifyEmail';
import styles from './VerifyEmailPage.module.css';

export const REDIRECT_AFTER_VERIFY_MS = 3000;

/** /verify-email?token=: verifying, then success (to / after 3 s) or error (spec section 2). */
export default function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const { isAuthenticated } = useSession();
  const state = useVerifyEmail(params.get('token'));

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  const goToLogin = () => {
    navigate('/');
    if (!isAuthenticated) openAuthDialog('login');
  };

  return (
    <section className={styles.page} data-testid={remoteTestId('account')}>
      <Card className={styles.card}>
        {state.status === 'verifying' ? (
          <>
            <Spinner />
            <h1>Verifying Email</h1>
            <p>Please wait while we verify your email address...</p>
          </>
        ) : state.status === 'success' ? (
          <>
            <div className={styles.icon} aria-hidden="true">
              <Check size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>Email Verified!</h1>
            <p>{state.message}</p>
            {/* a person already signed in is not sent to log in again */}
            <p className={styles.muted}>
              {isAuthenticated ? 'Taking you to your dashboard...' : 'Redirecting to login...'}
            </p>
          </>
        ) : (
          <>
            <div className={`${styles.icon} ${styles.failed}`} aria-hidden="true">
              <X size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>Verification Failed</h1>
            <p role="alert">{state.message}</p>
            <Button onClick={goToLogin}>Go to Login</Button>
          </>
        )}
      </Card>
    </section>
  );
}
