import { startEarlyLoading } from './federation/early';

// Before the boundary: remotes.json and the route's remote manifest start loading while the shared chunks arrive.
startEarlyLoading(window.location);

// Async boundary: shared singletons (react, router, web-kit) are negotiated before any app code runs.
import('./bootstrap');
