import { useEffect, useState } from 'react';
import { authMessages } from '@catalyst/contracts';
import { api as defaultApi, isApiRequestError, session, type ApiClient } from '@catalyst/web-kit';

export type VerifyState =
  { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

// A link works once: the same token on the page (a re-render, React's double effects) is sent only once.
const attempts = new Map<string, Promise<VerifyState>>();

export function verifyEmailToken(token: string, client: ApiClient = defaultApi): Promise<VerifyState> {
  let attempt = attempts.get(token);
  if (!attempt) {
    attempt = client.auth.verifyEmail
      .request({ query: { token } })
      .then((result): VerifyState => ({
        status: 'success',
        message: result.message || authMessages.verificationSuccess,
      }))
      .catch((error: unknown): VerifyState => {
        // A server-reported failure shows its message; a thrown one the general text (spec section 8).
        const message =
          isApiRequestError(error) && error.status > 0
            ? error.message || authMessages.verificationFailed
            : authMessages.verificationError;
        return { status: 'error', message };
      });
    attempts.set(token, attempt);
  }
  return attempt;
}

/** Verifies the token of the page's address once: GET /auth/verify-email?token=. */
export function useVerifyEmail(token: string | null, client?: ApiClient): VerifyState {
  const trimmed = token?.trim() || null;
  const [answer, setAnswer] = useState<{ token: string; state: VerifyState } | null>(null);
  useEffect(() => {
    if (!trimmed) return;
    let cancelled = false;
    void verifyEmailToken(trimmed, client).then((result) => {
      if (cancelled) return;
      setAnswer({ token: trimmed, state: result });
      // A signed-in user sees the verified address at once (profile note, badges).
      const { user } = session.getState();
      if (result.status === 'success' && user) session.loadUser({ ...user, emailVerified: true });
    });
    return () => {
      cancelled = true;
    };
  }, [trimmed, client]);
  if (!trimmed) return { status: 'error', message: authMessages.noVerificationToken };
  return answer?.token === trimmed ? answer.state : { status: 'verifying' };
}
