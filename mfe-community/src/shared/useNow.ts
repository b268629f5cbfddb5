import { useEffect, useState } from 'react';

/**
 * The time now, ticking every `everyMs` while `active` holds (a stopped clock keeps its last reading).
 * `active` may be worked out from the clock's own last reading (tick until a session ends).
 */
export function useNow(everyMs: number, active: boolean | ((now: number) => boolean) = true): number {
  const [now, setNow] = useState(() => Date.now());
  const ticking = typeof active === 'function' ? active(now) : active;
  useEffect(() => {
    if (!ticking) return;
    const tick = () => setNow(Date.now());
    // A clock started again reads the time at once, not a tick later.
    const first = setTimeout(tick, 0);
    const timer = setInterval(tick, everyMs);
    return () => {
      clearTimeout(first);
      clearInterval(timer);
    };
  }, [everyMs, ticking]);
  return now;
}
