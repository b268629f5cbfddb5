/**
 * The offline stores (IndexedDB kept answers, the write queue, downloads) are a chunk of their own, loaded
 * on first need: a visitor's first visit never downloads them, and a signed-in page asks for them only
 * after its `load` event (or at once when the server cannot be reached).
 */
type Stores = typeof import('./stores');

let stores: Promise<Stores> | null = null;
// Named, so the browser journey can tell when it is fetched (e2e/pwa.spec.ts).
export const loadStores = (): Promise<Stores> => (stores ??= import(/* webpackChunkName: "offline-stores" */ './stores'));

let loaded: Promise<void> | null = null;
/** Resolves once the page's `load` event has fired (at once outside a browser page). */
export function afterLoad(): Promise<void> {
  loaded ??=
    typeof document === 'undefined' || document.readyState === 'complete'
      ? Promise.resolve()
      : new Promise((resolve) => window.addEventListener('load', () => resolve(), { once: true }));
  return loaded;
}
