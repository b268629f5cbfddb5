// Runs the app scripts the gateway held back on a page served with its first paint
// (gateway/src/first-paint.ts). Imports nothing heavy: it is part of the early entry.
import {
  AFTER_FIRST_PAINT_ATTRIBUTE,
  HELD_SCRIPT_TYPE,
  holdsAppFrame,
  KEPT_SESSION_ATTRIBUTE,
  SERVED_PAGE_ATTRIBUTE,
} from '@catalyst/web-kit/first-paint';

/** How long the scripts wait for the first paint to show before running anyway (a background tab paints nothing). */
export const HELD_SCRIPTS_WAIT_MS = 1000;

/** Calls `then` once the page's first contentful paint has been shown (or at once where the browser cannot tell). */
function afterFirstContentfulPaint(doc: Document, then: () => void): void {
  // A tab keeping a session hides a page's first paint (the visitor's page): nothing contentful will
  // show. The app's frame shows in every tab.
  const hidden =
    doc.documentElement.hasAttribute(KEPT_SESSION_ATTRIBUTE) && !holdsAppFrame(doc.getElementById('root'));
  const paintTimed =
    typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes?.includes('paint');
  if (hidden || !paintTimed) return then();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
}

/**
 * Once the first paint is on screen, each held script is replaced by one that runs, in document order
 * as the deferred originals would have. Their files have been downloading since index.html's
 * preloads. A browser runs deferred scripts that have arrived before it paints anything, so without
 * this the page would show only after the app's code had run. Nothing happens on a page without held scripts.
 */
export function runHeldScripts(doc: Document = document): void {
  const held = [
    ...doc.querySelectorAll<HTMLScriptElement>(
      `script[${AFTER_FIRST_PAINT_ATTRIBUTE}][type="${HELD_SCRIPT_TYPE}"]`,
    ),
  ];
  if (held.length === 0) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    for (const script of held) {
      const runnable = doc.createElement('script');
      runnable.src = script.getAttribute('src') ?? '';
      runnable.async = false;
      script.replaceWith(runnable);
    }
  };
  afterFirstContentfulPaint(doc, start);
  setTimeout(start, HELD_SCRIPTS_WAIT_MS);
}

/**
 * Calls `then` at once, or, on a page the gateway served with its content (a course page: SERVED_PAGE_ATTRIBUTE),
 * once the window has loaded. That page is whole without the app, whose code the gateway does not preload
 * there: its largest paint (the hero image) and the load come first, then the app's code downloads and takes
 * over, instead of competing with the image for a slow phone's network and CPU.
 */
export function whenServedPageLoaded(then: () => void, doc: Document = document, win: Window = window): void {
  const served = doc.getElementById('root')?.hasAttribute(SERVED_PAGE_ATTRIBUTE) ?? false;
  if (!served || doc.readyState === 'complete') return then();
  win.addEventListener('load', () => then(), { once: true });
}
