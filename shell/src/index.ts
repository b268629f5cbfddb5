import { renderApp } from './bootstrap';

// early-entry.ts has already started the route's remote and data requests (see federation/early.ts).
renderApp();
