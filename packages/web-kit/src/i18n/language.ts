// The language the page is shown in: one for the whole page (web-kit is a singleton, so every remote reads this).
import { directionOf, isLanguage, preferredLanguage, type Language } from '@catalyst/contracts/languages';
import { LANGUAGE_STORAGE_KEY } from '../first-paint';

let current: Language = 'en';
const listeners = new Set<() => void>();

/** The language every string and format on the page is in now. */
export const currentLanguage = (): Language => current;

export function subscribeLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The language this browser keeps (picked before), if any. */
export function keptLanguage(): Language | null {
  try {
    const kept = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(kept) ? kept : null;
  } catch {
    return null;
  }
}

/** Remembers a pick in this browser (a visitor's choice holds across visits). */
export function keepLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // storage refused (a private window's quota): the choice holds for this page
  }
}

/**
 * The language to start in: the one kept here, else the first of the browser's preferred that Catalyst speaks
 * (the gateway's head script makes the same guess before the first paint, so <html lang dir> is already right).
 */
export const startingLanguage = (): Language =>
  keptLanguage() ?? preferredLanguage(typeof navigator === 'undefined' ? [] : (navigator.languages ?? []));

/** Shows `language` on <html> (lang, dir) and tells every reader; its strings must be loaded already. */
export function showLanguage(language: Language): void {
  if (typeof document !== 'undefined') {
    document.documentElement.lang = language;
    document.documentElement.dir = directionOf(language);
  }
  if (language === current) return;
  current = language;
  for (const listener of listeners) listener();
}
