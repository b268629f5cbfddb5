import { firstContentShown } from '../ui/pageShown';

/**
 * The offline stores (IndexedDB kept answers, the write queue, downloads) are a chunk of their own, loaded
 * on first need: a visitor's first visit never downloads them, and a signed-in page asks for them only
 * once its first content is on screen (or at once when the server cannot be reached).
 */
type Stores = typeof import('./stores');

let stores: Promise<Stores> | null = null;
// Named, so the browser journey can tell when it is fetched (e2e/pwa.spec.ts).
export const loadStores = (): Promise<Stores> =>
  (stores ??= import(/* webpackChunkName: "offline-stores" */ './stores'));

/** How long after its load event a page that never shows its first content (a spinner left on) is waited for. */
export const FIRST_CONTENT_WAIT_MS = 10_000;

let ready: Promise<void> | null = null;
/**
 * Resolves once the page has loaded and its first content is on screen (ui/pageShown.ts), or
 * FIRST_CONTENT_WAIT_MS after its load event at the latest; at once outside a browser page.
 */
export function afterFirstContent(): Promise<void> {
  ready ??=
    typeof document === 'undefined'
      ? Promise.resolve()
      : new Promise<void>((resolve) => {
          const loaded = () => {
            const wait = setTimeout(resolve, FIRST_CONTENT_WAIT_MS);
            void firstContentShown().then(() => {
              clearTimeout(wait);
              resolve();
            });
          };
          if (document.readyState === 'complete') loaded();
          else window.addEventListener('load', loaded, { once: true });
        });
  return ready;
}
