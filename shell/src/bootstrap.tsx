import '@catalyst/web-kit/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { session } from '@catalyst/web-kit';
import { App } from './App';
import { preloadRouteRemote } from './federation/preload';
import { discoverRemotes } from './federation/remotes';

// Remotes are registered (not downloaded) before the first render; a failed discovery still renders the shell.
const sessionChecked = session.start();
const discovered = discoverRemotes();
// The current route's remote starts loading now, in parallel with the first render (admin: admins only).
void preloadRouteRemote(window.location.pathname, discovered);

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// A kept session is checked before the first paint (the header would otherwise change size under the
// page once /auth/me answers); with index.html's preloads, remotes.json no longer covers that wait.
void Promise.allSettled([discovered, sessionChecked]).finally(() => {
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
