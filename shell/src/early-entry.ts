// The shell's first entry, listed before the app's in index.html (see scripts/rspack-app.ts): small,
// so it runs while React and the app are still downloading.
import { holdsFirstPaintOf } from '@catalyst/web-kit/first-paint';
import { canDrawColourEmoji } from '@catalyst/web-kit/colour-emoji';
import { startEarlyLoading } from './federation/early';
import { noteFirstPaintClicks } from './first-paint-clicks';
import { runHeldScripts } from './held-scripts';

startEarlyLoading(window.location);
// A page served with its first paint: the app's scripts run once it is on screen, and a button clicked
// before the app has taken over is clicked again then.
runHeldScripts();
noteFirstPaintClicks();
// A page the app renders itself may show category and creator icons: whether emoji can be drawn is found
// out now, in a task of its own before the first paint, not inside the first render. (A page served with
// its first paint is already on screen, so the probe waits for the first icon there.)
if (!holdsFirstPaintOf(document.getElementById('root'), window.location.pathname)) setTimeout(canDrawColourEmoji, 0);
