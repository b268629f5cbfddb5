// The searches made here (the header's box and the command palette), newest first. A member's are kept in
// this browser under their own id, shown to nobody else and forgotten when anyone signs out here
// (shell/src/pwa/start.ts, with the other personal data); a visitor's live in the tab only (sessionStorage),
// so the next person at a shared computer never sees them.
import { session } from '@catalyst/web-kit';

const STORAGE_KEY = 'catalyst-recent-searches';
/** How many recent searches the palette offers. */
export const RECENT_SEARCHES = 5;

/** Where the person here keeps theirs, and under which key (null when storage is disabled). */
function place(): { store: Storage; key: string } | null {
  try {
    const member = session.getState().user?._id;
    return member
      ? { store: globalThis.localStorage, key: `${STORAGE_KEY}:${member}` }
      : { store: globalThis.sessionStorage, key: STORAGE_KEY };
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

/** The recent searches, newest first (none when storage is missing or holds something else). */
export function readRecentSearches(): string[] {
  try {
    const here = place();
    const value: unknown = JSON.parse(here?.store.getItem(here.key) ?? '[]');
    return Array.isArray(value) ? value.filter((q): q is string => typeof q === 'string') : [];
  } catch {
    return [];
  }
}

/** Puts a search first (once), keeping the newest few. */
export function rememberSearch(q: string): void {
  const words = q.trim();
  if (!words) return;
  const next = [words, ...readRecentSearches().filter((old) => old !== words)].slice(0, RECENT_SEARCHES);
  try {
    const here = place();
    here?.store.setItem(here.key, JSON.stringify(next));
  } catch {
    // storage full or disabled: the search still happens
  }
}

/** Forgets every recent search kept here: the tab's and every member's (at sign-out the member is gone). */
export function clearRecentSearches(): void {
  try {
    sessionStorage.removeItem(STORAGE_KEY);
    for (const key of Object.keys(localStorage))
      if (key.startsWith(`${STORAGE_KEY}:`)) localStorage.removeItem(key);
  } catch {
    // nothing to clear
  }
}
