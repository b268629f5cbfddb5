// The shell's first entry, listed before the app's in index.html (see scripts/rspack-app.ts): small,
// so it runs while React and the app are still downloading.
import { startEarlyLoading } from './federation/early';

startEarlyLoading(window.location);
