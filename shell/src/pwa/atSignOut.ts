import type { SessionStore } from '@catalyst/web-kit';

/** Calls `forget` each time the session's person signs out (here, or in another tab that told this one). */
export function atSignOut(session: Pick<SessionStore, 'getState' | 'subscribe'>, forget: () => void): void {
  let hadToken = session.getState().token !== null;
  session.subscribe(() => {
    const hasToken = session.getState().token !== null;
    if (hadToken && !hasToken) forget();
    hadToken = hasToken;
  });
}
