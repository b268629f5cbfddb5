import { Workbox } from 'workbox-window';
import { appState } from './appState';

/** How often an open tab asks whether a new version was deployed. */
export const UPDATE_CHECK_MS = 30 * 60 * 1000;

/**
 * Registers /sw.js (loaded only after the page's load event: nothing here costs the first visit). A new
 * version waits until the person chooses Reload in the prompt; it is never switched in under a learner
 * in the middle of a lesson.
 */
export function registerServiceWorker(): void {
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js', { scope: '/' });
  wb.addEventListener('waiting', () => {
    appState.set({
      applyUpdate: () => {
        // The waiting worker takes over, then this page reloads onto the new version.
        wb.addEventListener('controlling', () => window.location.reload());
        wb.messageSkipWaiting();
      },
    });
  });
  void wb.register().catch(() => undefined);
  setInterval(() => void wb.update().catch(() => undefined), UPDATE_CHECK_MS);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void wb.update().catch(() => undefined);
  });
}
