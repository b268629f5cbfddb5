import '@catalyst/web-kit/styles.css';
import { startTransition, type ReactNode } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import {
  FIRST_PAINT_ATTRIBUTE,
  holdsAppFrame,
  holdsFirstPaintOf,
  KEPT_SESSION_ATTRIBUTE,
  LANGUAGE_PENDING_ATTRIBUTE,
  SERVED_PAGE_ATTRIBUTE,
} from '@catalyst/web-kit/first-paint';
import {
  api,
  applyKeptTheme,
  firstContentShown,
  followAccountLanguage,
  session,
  setLanguage,
  startingLanguage,
} from '@catalyst/web-kit';
import { App } from './App';
import { reportClientError } from './errors/reportClientError';
import { replayFirstPaintClick, replayServedPageClick } from './first-paint-clicks';
import { preloadRouteRemote } from './federation/preload';
import { discoverRemotes } from './federation/remotes';
import { startPwa } from './pwa/start';

export function renderApp(): void {
  applyKeptTheme();
  const sessionChecked = session.start();
  // Offline stores, the install prompt, and the service worker once the page has loaded.
  startPwa();
  // With a kept session the plan is asked for beside /auth/me, not after it (the subscription store reads it).
  if (session.getState().token) void api.subscription.status.prefetch();
  // The current route's remote starts loading now, in parallel with the first render (admin: admins
  // only); early-entry.ts has already started what may start before the session is checked.
  void preloadRouteRemote(window.location.pathname + window.location.search, discoverRemotes());

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  // A signed-in account's language is shown (and a visitor's pick carried onto the account at sign-in).
  followAccountLanguage();
  // Another language than English: its strings (and i18next) load before the first render, which replaces the
  // English first paint (the gateway's head script keeps it hidden meanwhile: no English flash).
  const language = startingLanguage();
  const strings =
    language === 'en'
      ? null
      : setLanguage(language, { keep: false }).catch((error: unknown) => {
          console.error('[shell] the language could not be loaded; showing English', error);
          return setLanguage('en', { keep: false });
        });

  // A page the gateway served with its first paint (gateway/src/first-paint.ts) is already on screen
  // as a visitor sees it: a visitor's tab hydrates it (no second render of the page; as a transition,
  // React yields to the browser every few milliseconds); a tab keeping a session (the first paint
  // hidden) renders its own page, and so does a tab given another page's first paint (offline), or
  // any tab offline (the person last signed in here is not shown the visitor's page: HomePage).
  const firstPaint =
    !strings &&
    holdsFirstPaintOf(container, window.location.pathname) &&
    !document.documentElement.hasAttribute(KEPT_SESSION_ATTRIBUTE) &&
    navigator.onLine !== false;
  if (firstPaint) {
    startTransition(() => {
      hydrateRoot(container, <App />, { onRecoverableError: (error) => void reportClientError(error) });
    });
    replayFirstPaintClick();
    return;
  }
  // A kept session is checked before the first paint when it answers quickly (the header would otherwise
  // change under the page once /auth/me answers); a slow check paints the page with the header's
  // spinner instead of leaving it blank.
  const slow = new Promise<void>((resolve) => setTimeout(resolve, FIRST_PAINT_WAIT_MS));
  void Promise.all([strings, Promise.race([sessionChecked, slow])]).finally(() => {
    if (strings && !container.hasAttribute(SERVED_PAGE_ATTRIBUTE)) {
      container.removeAttribute(FIRST_PAINT_ATTRIBUTE);
      container.replaceChildren();
    }
    document.documentElement.removeAttribute(LANGUAGE_PENDING_ATTRIBUTE);
    renderOver(container, <App />);
  });
}

/** How long a page the gateway served with its content waits for the app's page before it is replaced anyway. */
export const SERVED_PAGE_WAIT_MS = 15_000;

/**
 * Renders `app` into #root in place of what the gateway served there: the app's frame, a kept session's
 * tab's hidden first paint, or another page's (offline). React adds its page beside what is there, so
 * the frame stays until the app's first render is committed and goes right after, before the browser
 * paints again (a mutation observer's callback runs before the next paint): no frame shows neither, and
 * the render is not forced into one task with its effects (flushSync would be).
 *
 * A frame holding a page the gateway rendered with its content (SERVED_PAGE_ATTRIBUTE: a course page) is
 * the page itself, so it stays longer: the app renders beside it unseen (as a transition, which React
 * renders in slices, leaving the main thread free between them) and takes its place only once the app's
 * page shows its first content (`shown`: no spinner left), so the page never falls back to a spinner and
 * its largest paint stays the one the server's HTML made.
 */
export function renderOver(
  container: HTMLElement,
  app: ReactNode,
  shown: Promise<void> = firstContentShown(),
): Root {
  if (container.hasAttribute(SERVED_PAGE_ATTRIBUTE)) {
    container.removeAttribute(SERVED_PAGE_ATTRIBUTE);
    container.removeAttribute(FIRST_PAINT_ATTRIBUTE);
    // React empties its container when it first commits: the app gets one of its own beside the served page,
    // unseen, and laid out as if it were #root itself once shown (display: contents makes no box).
    const served = [...container.childNodes];
    const own = document.createElement('div');
    own.style.display = 'none';
    container.append(own);
    const root = createRoot(own);
    let replaced = false;
    const replace = () => {
      if (replaced) return;
      replaced = true;
      for (const node of served) node.remove();
      own.style.display = 'contents';
      replayServedPageClick(own);
    };
    void shown.then(replace);
    setTimeout(replace, SERVED_PAGE_WAIT_MS);
    startTransition(() => root.render(app));
    return root;
  }
  const root = createRoot(container);
  if (container.hasAttribute(FIRST_PAINT_ATTRIBUTE)) {
    const frame = holdsAppFrame(container);
    container.removeAttribute(FIRST_PAINT_ATTRIBUTE);
    if (!frame) container.replaceChildren();
    else {
      const served = [...container.childNodes];
      const committed = new MutationObserver(() => {
        committed.disconnect();
        for (const node of served) node.remove();
      });
      committed.observe(container, { childList: true });
    }
  }
  root.render(app);
  return root;
}

/** How long the first paint waits for a kept session's check. */
export const FIRST_PAINT_WAIT_MS = 400;
