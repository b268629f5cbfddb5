import { useSyncExternalStore } from 'react';
import { session } from '../session';
import { createSavedStore, type SavedStore } from './store';

/** The page's one saved-list store, following the shared session. */
export const savedProducts: SavedStore = createSavedStore(session);

/** Whether the product is on the signed-in member's saved list, and the way to change it. */
export function useSavedProduct(productId: string, store: SavedStore = savedProducts) {
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return {
    saved: state.ids.has(productId),
    known: state.known,
    signedIn: state.signedIn,
    setSaved: (saved: boolean) => store.setSaved(productId, saved),
  };
}
