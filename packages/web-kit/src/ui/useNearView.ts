import { useEffect, useState, type RefObject } from 'react';

/**
 * Distance below the viewport at which a part starts loading: about a quarter of a phone's screen, so a scroll
 * finds it there, while a part a learner never scrolls to (a lesson's discussion) costs their phone nothing.
 */
export const NEAR_VIEW_MARGIN = '200px 0px';

/**
 * True once the element is near the viewport (at once where IntersectionObserver is missing, or when not
 * `enabled`): a page's parts below the fold (its discussion, its reviews) read and render only when about
 * to be seen, not in the main-thread work of the page's first load. `margin`: how near, as
 * IntersectionObserver's rootMargin ('100% 0px': a screen's height).
 */
export function useNearView(
  ref: RefObject<HTMLElement | null>,
  enabled = true,
  margin = NEAR_VIEW_MARGIN,
): boolean {
  const [near, setNear] = useState(!enabled);
  useEffect(() => {
    if (near) return;
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => entries.some((entry) => entry.isIntersecting) && setNear(true),
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, ref, margin]);
  return near;
}
