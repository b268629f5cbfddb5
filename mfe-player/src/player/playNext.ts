import { useEffect, type RefObject } from 'react';

/** Router state of a video started by Up next (its countdown or Play now). */
export interface PlayNextState {
  /** It plays at once. */
  autoPlay: true;
  /** The one before played in full screen: the new page asks for it again. */
  fullScreen: boolean;
}

/** The state to navigate with when Up next starts what follows. */
export const playNextState = (): PlayNextState => ({
  autoPlay: true,
  fullScreen: typeof document !== 'undefined' && !!document.fullscreenElement,
});

export const autoPlayOf = (state: unknown): boolean =>
  (state as Partial<PlayNextState> | null)?.autoPlay === true;

/**
 * Full screen carried into the page Up next opened (another product of a learning path): the page changed, so
 * the browser left full screen with the old player. The browser grants it again only within a few seconds of
 * the learner's own press (Play now, Enter); after the countdown alone it refuses, and the video plays in the page.
 */
export function useCarriedFullScreen(root: RefObject<HTMLElement | null>, state: unknown) {
  const asked = (state as Partial<PlayNextState> | null)?.fullScreen === true;
  useEffect(() => {
    if (!asked || !root.current || document.fullscreenElement) return;
    void root.current.requestFullscreen?.().catch(() => undefined);
  }, [asked, root]);
}
