// The shell's first entry, listed before the app's in index.html (see packages/build-kit/src/rspack-app.ts): small,
// so it runs while React and the app are still downloading.
import { canDrawColourEmoji } from '@catalyst/web-kit/colour-emoji';
import { startEarlyLoading } from './federation/early';
import { showsDataIcons } from './federation/routeRemotes';
import { noteFirstPaintClicks } from './first-paint-clicks';
import { runHeldScripts, whenServedPageLoaded } from './held-scripts';

// A button of a page served with its first paint (or its content) clicked before the app has taken over is
// clicked again then.
noteFirstPaintClicks();
// A page served with its content (a course page) loads first, then the app (whenServedPageLoaded).
whenServedPageLoaded(() => {
  const answered = startEarlyLoading(window.location);
  // A page served with its first paint: the app's scripts run once it is on screen.
  runHeldScripts();
  // A page showing category and creator icons (its remote's published pages say which): whether emoji can be
  // drawn is found out as soon as /mf/remotes.json is in, in a task of its own while the app's code downloads,
  // not inside the first render. Any other page asks only if an
  // icon ever shows (the probe took 64 ms of main thread at Lighthouse's 4x CPU slowdown here, where no emoji
  // font is installed).
  void answered.then(() => {
    if (showsDataIcons(window.location.pathname)) setTimeout(canDrawColourEmoji, 0);
  });
});
