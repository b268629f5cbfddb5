import { startEarlyLoading } from './federation/early';
import { renderApp } from './bootstrap';

// First: /mf/remotes.json, the route's remote manifest and the federation runtime start loading
// (pages that render a remote only) while the app renders.
startEarlyLoading(window.location);
renderApp();
