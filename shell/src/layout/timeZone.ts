import { api } from '@catalyst/web-kit';

const SENT_KEY = 'catalyst:time-zone-sent';

/**
 * Tells community this browser's time zone (the weekly e-mail comes on Monday morning there), once per account
 * and zone: remembered in localStorage after the save succeeds, so a failed one is tried on the next visit.
 */
export function sendTimeZoneOnce(userId: string): void {
  let zone: string | undefined;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  } catch {
    return;
  }
  if (!zone) return;
  const mark = `${userId}:${zone}`;
  try {
    if (localStorage.getItem(SENT_KEY) === mark) return;
  } catch {
    // Storage refused (private mode): send it, and again next time.
  }
  api.digest.saveSettings({ body: { timeZone: zone } }).then(
    () => {
      try {
        localStorage.setItem(SENT_KEY, mark);
      } catch {
        // Not remembered: sent again next time, which changes nothing.
      }
    },
    () => undefined,
  );
}
