import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

const STORAGE_KEY = 'catalyst.scroll';
/** How long a restore waits for a page's remote content to grow tall enough. */
export const RESTORE_WAIT_MS = 3000;

function readPositions(): Record<string, number> {
  try {
    const parsed: unknown = JSON.parse(sessionStorage.getItem(STORAGE_KEY) ?? '{}');
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, number>) : {};
  } catch {
    return {};
  }
}

function savePosition(key: string, y: number) {
  try {
    // Only the newest entries matter: keep the store small.
    const entries = Object.entries(readPositions())
      .filter(([k]) => k !== key)
      .slice(-49);
    sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...entries, [key, y]])));
  } catch {
    // storage full or blocked: positions are a nicety
  }
}

/**
 * Scrolls to where the next page should start, for every page of every remote:
 * - a new page (another path, pushed or replaced) starts at the top, or at its #anchor;
 * - back/forward (and a reload) return to where that history entry was left, waiting for remote
 *   content to grow tall enough, and giving up the moment the person scrolls themselves;
 * - a new query string on the same path (filters, sort) keeps the position.
 */
export function ScrollManager() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const lastY = useRef(0);
  const previousPath = useRef<string | null>(null);

  useLayoutEffect(() => {
    if ('scrollRestoration' in history) history.scrollRestoration = 'manual';
  }, []);

  const previousKey = useRef<string | null>(null);

  // Follow this entry's position as the person scrolls (read at leave time, it may already be clamped
  // by the next page's height), and keep it over a reload.
  // The router names the entries it creates; an entry it did not (an address typed or reloaded) is
  // named by its address.
  const entry = location.key === 'default' ? `default:${location.pathname}${location.search}` : location.key;

  useEffect(() => {
    const key = entry;
    // Where the page is now (a first paint may have been scrolled before the app took it over); after
    // the paint, so reading it forces no layout.
    lastY.current = window.scrollY;
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = requestAnimationFrame(() => {
        frame = 0;
        lastY.current = window.scrollY;
      });
    };
    const onHide = () => savePosition(key, window.scrollY);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }, [entry]);

  useLayoutEffect(() => {
    // Runs before anything below scrolls: the entry being left keeps where it was.
    if (previousKey.current !== null && previousKey.current !== entry)
      savePosition(previousKey.current, lastY.current);
    previousKey.current = entry;
    const samePath = previousPath.current === location.pathname;
    const firstRender = previousPath.current === null;
    previousPath.current = location.pathname;
    // A page just loaded, with no position kept for it, is where it should be: the top, or where the
    // person has already scrolled its first paint. Scrolling or measuring here would force a layout
    // inside the first render's task.
    if (firstRender && navigationType === 'POP' && !readPositions()[entry]) return undefined;
    const settle = (): (() => void) | undefined => {
      if (navigationType === 'POP') return restore(readPositions()[entry] ?? 0);
      if (samePath && !firstRender) return undefined;
      const target = location.hash
        ? document.getElementById(decodeURIComponent(location.hash.slice(1)))
        : null;
      if (target) target.scrollIntoView();
      else window.scrollTo(0, 0);
      return undefined;
    };
    const stop = settle();
    lastY.current = window.scrollY;
    return stop;
  }, [entry, location.pathname, location.hash, navigationType]);

  return null;
}

/** Scrolls to `y` as soon as the page is tall enough; stops at the person's own scroll or after a while. */
function restore(y: number): () => void {
  window.scrollTo(0, y);
  if (y === 0 || Math.abs(window.scrollY - y) < 2) return () => undefined;
  const deadline = performance.now() + RESTORE_WAIT_MS;
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 2 || performance.now() > deadline) stop();
  });
  const timer = setTimeout(() => stop(), RESTORE_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
    for (const type of USER_SCROLL_EVENTS) window.removeEventListener(type, stop);
  };
  for (const type of USER_SCROLL_EVENTS) window.addEventListener(type, stop, { passive: true });
  observer.observe(document.body);
  return stop;
}

const USER_SCROLL_EVENTS = ['wheel', 'touchstart', 'keydown', 'mousedown'] as const;
