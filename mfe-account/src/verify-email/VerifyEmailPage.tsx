import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { Button, Card, remoteTestId, Spinner, useDocumentTitle } from '@catalyst/web-kit';
import { useVerifyEmail } from './useVerifyEmail';

export const REDIRECT_AFTER_VERIFY_MS = 3000;

export default function VerifyEmailPage() {
  useDocumentTitle('Verify Email');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const state = useVerifyEmail(params.get('token'));

  useEffect(() => {
    if (state.status !== 'success') return;
    const timer = setTimeout(() => navigate('/'), REDIRECT_AFTER_VERIFY_MS);
    return () => clearTimeout(timer);
  }, [state.status, navigate]);

  return (
    <section data-testid={remoteTestId('account')} style={{ maxWidth: '32rem', margin: '3rem auto', textAlign: 'center' }}>
      <Card>
        {state.status === 'verifying' ? (
          <>
            <Spinner />
            <h1>Verifying Email</h1>
            <p>Please wait while we verify your email address...</p>
          </>
        ) : state.status === 'success' ? (
          <>
            <h1>Email Verified!</h1>
            <p>{state.message}</p>
            <p>Redirecting to login...</p>
          </>
        ) : (
          <>
            <h1>Verification Failed</h1>
            <p>{state.message}</p>
            <Button onClick={() => navigate('/')}>Go to Login</Button>
          </>
        )}
      </Card>
    </section>
  );
}
