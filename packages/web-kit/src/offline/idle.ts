/** How long a piece of the offline layer's work waits for an idle moment at most. */
export const IDLE_WAIT_MS = 2_000;

/**
 * Resolves in a task of its own once the page's main thread is idle (requestIdleCallback), IDLE_WAIT_MS at the
 * latest; in the next task where the browser has no idle callbacks. Work that waits on it one piece at a time
 * leaves the main thread between pieces, so a click or a frame never waits behind all of them.
 */
export function whenIdle(): Promise<void> {
  return new Promise((resolve) => {
    if (typeof requestIdleCallback === 'function')
      requestIdleCallback(() => resolve(), { timeout: IDLE_WAIT_MS });
    else setTimeout(resolve, 0);
  });
}
