import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { api, session } from '@catalyst/web-kit';
import { App } from './App';
import { preloadRouteRemote } from './federation/preload';
import { discoverRemotes } from './federation/remotes';
import { startPwa } from './pwa/start';

export function renderApp(): void {
  const sessionChecked = session.start();
  // Offline stores, the install prompt, and the service worker once the page has loaded.
  startPwa();
  // With a kept session the plan is asked for beside /auth/me, not after it (the subscription store reads it).
  if (session.getState().token) void api.subscription.status.prefetch();
  // The current route's remote starts loading now, in parallel with the first render (admin: admins
  // only); early-entry.ts has already started what may start before the session is checked.
  void preloadRouteRemote(window.location.pathname, discoverRemotes());

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  // A kept session is checked before the first paint when it answers quickly (the header would otherwise
  // change under the page once /auth/me answers); a slow check paints the page with the header's
  // spinner instead of leaving it blank.
  const slow = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  void Promise.race([sessionChecked, slow]).finally(() => {
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
}

/** How long the first paint waits for a kept session's check. */
export const FIRST_PAINT_WAIT_MS = 400;
