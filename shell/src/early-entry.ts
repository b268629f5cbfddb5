// The shell's first entry, listed before the app's in index.html (see scripts/rspack-app.ts): small,
// so it runs while React and the app are still downloading.
import { startEarlyLoading } from './federation/early';
import { noteFirstPaintClicks } from './first-paint-clicks';
import { runHeldScripts } from './held-scripts';

startEarlyLoading(window.location);
// A page served with its first paint: the app's scripts run once it is on screen, and a button clicked
// before the app has taken over is clicked again then.
runHeldScripts();
noteFirstPaintClicks();
