import { useSyncExternalStore } from 'react';

/** The width from which a page has a side column beside its video (ProductPage.module.css's breakpoint). */
const BESIDE_QUERY = '(min-width: 961px)';

const query = () => (typeof window.matchMedia === 'function' ? window.matchMedia(BESIDE_QUERY) : null);
const subscribe = (onChange: () => void) => {
  const list = query();
  list?.addEventListener('change', onChange);
  return () => list?.removeEventListener('change', onChange);
};

/** True where the learning tools sit beside the video (a desktop's side column), false under it (a phone). */
export const useBesideVideo = (): boolean =>
  useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
