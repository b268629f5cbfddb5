import { useSyncExternalStore } from 'react';

/** What the installable app offers the person: a waiting new version, the browser's install prompt. */
export interface AppState {
  /** A new version is installed and waiting; calling it switches to it and reloads. */
  applyUpdate: (() => void) | null;
  /** The browser offers to install the app (beforeinstallprompt); calling it shows the browser's dialog. */
  install: (() => Promise<void>) | null;
  /** Opened as an installed app (its own window). */
  standalone: boolean;
}

let state: AppState = { applyUpdate: null, install: null, standalone: false };
const listeners = new Set<() => void>();

export const appState = {
  getState: (): AppState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  set(patch: Partial<AppState>): void {
    state = { ...state, ...patch };
    for (const listener of listeners) listener();
  },
};

export function useAppState(): AppState {
  return useSyncExternalStore(appState.subscribe, appState.getState, appState.getState);
}

/** The event Chromium fires when the app may be installed (not in the DOM library's types). */
interface BeforeInstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const isStandalone = () =>
  window.matchMedia?.('(display-mode: standalone)').matches === true ||
  (navigator as { standalone?: boolean }).standalone === true;

/**
 * Listens for the install prompt (it may come before the page has loaded) and, in an installed app's
 * window, opens links to other sites in the browser rather than inside the app.
 */
export function watchInstall(): void {
  appState.set({ standalone: isStandalone() });
  window.addEventListener('beforeinstallprompt', (event) => {
    event.preventDefault();
    const prompt = event as BeforeInstallPromptEvent;
    appState.set({
      install: async () => {
        await prompt.prompt();
        await prompt.userChoice.catch(() => undefined);
        appState.set({ install: null });
      },
    });
  });
  window.addEventListener('appinstalled', () => appState.set({ install: null }));
  document.addEventListener('click', (event) => {
    if (!appState.getState().standalone || event.defaultPrevented || event.button !== 0) return;
    const anchor = (event.target as Element | null)?.closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement)) return;
    const target = new URL(anchor.href, window.location.href);
    if (target.origin === window.location.origin || !/^https?:$/.test(target.protocol)) return;
    event.preventDefault();
    window.open(target.href, '_blank', 'noopener,noreferrer');
  });
}
