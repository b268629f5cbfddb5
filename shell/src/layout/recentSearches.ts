// The searches made here (the header's box and the command palette), newest first, kept in this browser's
// storage until the person signs out (shell/src/pwa/start.ts has them forgotten with the other personal data).

const STORAGE_KEY = 'catalyst-recent-searches';
/** How many recent searches the palette offers. */
export const RECENT_SEARCHES = 5;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage disabled: nothing is remembered
  }
}

/** The recent searches, newest first (none when storage is missing or holds something else). */
export function readRecentSearches(): string[] {
  try {
    const value: unknown = JSON.parse(storage()?.getItem(STORAGE_KEY) ?? '[]');
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
    storage()?.setItem(STORAGE_KEY, JSON.stringify(next));
  } catch {
    // storage full or disabled: the search still happens
  }
}

export function clearRecentSearches(): void {
  try {
    storage()?.removeItem(STORAGE_KEY);
  } catch {
    // nothing to clear
  }
}
