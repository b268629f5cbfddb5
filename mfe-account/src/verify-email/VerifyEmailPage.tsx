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
  useStrings,
} from '@catalyst/web-kit';
import { shownMessage } from '../i18n/contractMessages';
import { accountWidgetStrings } from '../i18n/widgets/en';
import { accountStrings } from '../i18n/en';
import { useVerifyEmail } from './useVerifyEmail';
import styles from './VerifyEmailPage.module.css';

export const REDIRECT_AFTER_VERIFY_MS = 3000;

/** /verify-email?token=: verifying, then success (to / after 3 s) or error (spec section 2). */
export default function VerifyEmailPage() {
  const t = useStrings(accountStrings);
  const tw = useStrings(accountWidgetStrings);
  useDocumentTitle(t('verify.documentTitle'));
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
            <h1>{t('verify.verifyingTitle')}</h1>
            <p>{t('verify.verifyingText')}</p>
          </>
        ) : state.status === 'success' ? (
          <>
            <div className={styles.icon} aria-hidden="true">
              <Check size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>{t('verify.successTitle')}</h1>
            <p>{shownMessage(tw, t, state.message)}</p>
            {/* a person already signed in is not sent to log in again */}
            <p className={styles.muted}>{isAuthenticated ? t('verify.toDashboard') : t('verify.toLogin')}</p>
          </>
        ) : (
          <>
            <div className={`${styles.icon} ${styles.failed}`} aria-hidden="true">
              <X size={28} strokeWidth={2.5} focusable="false" />
            </div>
            <h1>{t('verify.failedTitle')}</h1>
            <p role="alert">{shownMessage(tw, t, state.message)}</p>
            <Button onClick={goToLogin}>{t('verify.goToLogin')}</Button>
          </>
        )}
      </Card>
    </section>
  );
}
