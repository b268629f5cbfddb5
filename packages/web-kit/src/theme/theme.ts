import { useSyncExternalStore } from 'react';
import { THEME_ATTRIBUTE, THEME_STORAGE_KEY } from '../first-paint';

/** The themes a person chooses between: the system's (the default), light or dark. */
export const THEME_CHOICES = ['system', 'light', 'dark'] as const;
export type ThemeChoice = (typeof THEME_CHOICES)[number];

export const THEME_LABELS: Record<ThemeChoice, string> = { system: 'System', light: 'Light', dark: 'Dark' };

const listeners = new Set<() => void>();

/** The choice this browser keeps (read where the gateway's head script read it before the first paint). */
export function themeChoice(): ThemeChoice {
  try {
    const kept = localStorage.getItem(THEME_STORAGE_KEY);
    return kept === 'light' || kept === 'dark' ? kept : 'system';
  } catch {
    return 'system';
  }
}

/** Puts a choice on the page (html[data-theme]; none follows the system) without keeping it. */
function apply(choice: ThemeChoice) {
  if (choice === 'system') document.documentElement.removeAttribute(THEME_ATTRIBUTE);
  else document.documentElement.setAttribute(THEME_ATTRIBUTE, choice);
}

/**
 * Shows the kept choice on the page. The gateway's head script does it before the first paint; this covers a page
 * served without that script (a build with no first-paint.json, a development server), where a kept Dark would
 * otherwise never show.
 */
export function applyKeptTheme(): void {
  apply(themeChoice());
}

/** Keeps a choice in this browser and shows it at once, in every part of the page that reads it. */
export function setThemeChoice(choice: ThemeChoice): void {
  try {
    if (choice === 'system') localStorage.removeItem(THEME_STORAGE_KEY);
    else localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // storage refused (a private window's quota): the choice holds for this page
  }
  apply(choice);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // a choice made in another tab of this browser shows here too
  const onStorage = (event: StorageEvent) => {
    if (event.key !== THEME_STORAGE_KEY && event.key !== null) return;
    apply(themeChoice());
    listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The person's theme choice and the way to change it (the header's toggle, the profile's setting). */
export function useThemeChoice(): [ThemeChoice, (choice: ThemeChoice) => void] {
  const choice = useSyncExternalStore(subscribe, themeChoice, () => 'system' as const);
  return [choice, setThemeChoice];
}
