import { useEffect, useState } from 'react';
import { api, isApiRequestError } from '@catalyst/web-kit';

export type VerifyState = { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

/** Verifies the e-mail token once: GET /auth/verify-email?token=. */
export function useVerifyEmail(token: string | null): VerifyState {
  const [state, setState] = useState<VerifyState>(() =>
    token ? { status: 'verifying' } : { status: 'error', message: 'No verification token provided' },
  );
  useEffect(() => {
    if (!token) return;
    let cancelled = false;
    api
      .request<unknown>('GET', '/auth/verify-email', { query: { token } })
      .then((result) => !cancelled && setState({ status: 'success', message: result.message ?? 'Your email address has been verified.' }))
      .catch((error: unknown) => {
        if (cancelled) return;
        const message = isApiRequestError(error) && error.status > 0 ? error.message || 'Verification failed' : 'Verification failed. Please try again.';
        setState({ status: 'error', message });
      });
    return () => {
      cancelled = true;
    };
  }, [token]);
  return state;
}
