import { useEffect } from 'react';

/**
 * When a page load's first content is on screen: the app has rendered its layout and no loading spinner
 * (a lazy page's, a remote's, a guard's, a page's first read) is left. What the page does not need to show
 * itself (the offline stores, the service worker) waits for it, instead of competing with the page's own
 * code and answers for a slow phone's network and CPU. An app's `load` event comes before that: the remotes
 * and the reads start after it.
 */
let layoutRendered = false;
let spinners = 0;
let shown: () => void = () => undefined;
const firstContent = new Promise<void>((resolve) => (shown = resolve));

/** After the frame that paints what was just rendered (a task queued from the next animation frame). */
const afterNextPaint = (then: () => void) =>
  typeof requestAnimationFrame === 'function'
    ? requestAnimationFrame(() => setTimeout(then, 0))
    : setTimeout(then, 0);

function settle() {
  if (layoutRendered && spinners === 0)
    afterNextPaint(() => (layoutRendered && spinners === 0 ? shown() : undefined));
}

/** The app's layout has rendered (the shell's Layout calls it). */
export function useLayoutShown(): void {
  useEffect(() => {
    layoutRendered = true;
    settle();
  }, []);
}

/** While `loading`, a loading spinner is on screen until this component goes (Spinner calls it). */
export function useLoadingShown(loading: boolean): void {
  useEffect(() => {
    if (!loading) return;
    spinners += 1;
    return () => {
      spinners -= 1;
      settle();
    };
  }, [loading]);
}

/** Resolves once the page load's first content is on screen (see above); at once outside a browser page. */
export function firstContentShown(): Promise<void> {
  return typeof document === 'undefined' ? Promise.resolve() : firstContent;
}
