import { firstContentShown } from '../ui/pageShown';
import { whenIdle } from './idle';

/**
 * The offline stores (IndexedDB kept answers, the write queue, downloads) are a chunk of their own, loaded
 * on first need: a visitor's first visit never downloads them, and a signed-in page asks for them only
 * once its first content is on screen (or at once when the server cannot be reached).
 */
type Stores = typeof import('./stores');

let stores: Promise<Stores> | null = null;
/**
 * Set (in localStorage) once this device's stores have been opened: only then can a start without a
 * session find anything of an earlier session to clear, so a visitor's pages never load the stores for it.
 */
const STORES_USED_KEY = 'catalyst-offline-stores-used';
// Named, so the browser journey can tell when it is fetched (e2e/pwa.spec.ts).
export const loadStores = (): Promise<Stores> => {
  try {
    globalThis.localStorage?.setItem(STORES_USED_KEY, '1');
  } catch {
    // storage refused: a later start without a session loads the stores to be sure
  }
  return (stores ??= import(/* webpackChunkName: "offline-stores" */ './stores'));
};

/** Whether this device's offline stores may hold anything (they were opened here before). */
export function storesMayHoldData(): boolean {
  try {
    return globalThis.localStorage?.getItem(STORES_USED_KEY) !== null;
  } catch {
    return true;
  }
}

/** How long after its load event a page that never shows its first content (a spinner left on) is waited for. */
export const FIRST_CONTENT_WAIT_MS = 10_000;

let ready: Promise<void> | null = null;
/**
 * Resolves once the page has loaded and its first content is on screen (ui/pageShown.ts), or
 * FIRST_CONTENT_WAIT_MS after its load event at the latest, then in the main thread's next idle moment (the
 * page's own answers and frames go first); at once outside a browser page.
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
        }).then(whenIdle);
  return ready;
}
