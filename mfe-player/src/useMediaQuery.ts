import { useSyncExternalStore } from 'react';

const listOf = (query: string) => (typeof window.matchMedia === 'function' ? window.matchMedia(query) : null);

/** One subscription function a query, so a component's subscription stays the same from one render to the next. */
const subscribers = new Map<string, (onChange: () => void) => () => void>();
function subscriberOf(query: string) {
  let subscribe = subscribers.get(query);
  if (!subscribe) {
    subscribe = (onChange) => {
      const list = listOf(query);
      list?.addEventListener('change', onChange);
      return () => list?.removeEventListener('change', onChange);
    };
    subscribers.set(query, subscribe);
  }
  return subscribe;
}

/**
 * Whether the page matches a media query, re-rendering when that changes; `whenUnknown` where the browser cannot
 * say (no matchMedia) and in a render without a browser.
 */
export function useMediaQuery(query: string, whenUnknown: boolean): boolean {
  return useSyncExternalStore(
    subscriberOf(query),
    () => listOf(query)?.matches ?? whenUnknown,
    () => whenUnknown,
  );
}
