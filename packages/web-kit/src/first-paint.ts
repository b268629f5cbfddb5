// No imports: the shell's early entry, its build (packages/build-kit/src/rspack-app.ts) and the gateway read these.
// How index.html carries the shell's first paint (see gateway/src/first-paint.ts).

/** On #root when the gateway served the page with its first paint inside it; its value is the page's path. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

/**
 * Whether #root holds the first paint of the page at `pathname`. An offline tab's service worker
 * answers every address with the last document it kept (another page's first paint, maybe): that one
 * is not this page's, and the app renders its own instead.
 */
export const holdsFirstPaintOf = (root: Element | null | undefined, pathname: string): boolean =>
  root?.getAttribute(FIRST_PAINT_ATTRIBUTE) === pathname;

/**
 * FIRST_PAINT_ATTRIBUTE's value on a page served with the app's frame: the layout with no page in it
 * yet (the logo, the header's checking spinner, a page spinner), the first paint of every page that
 * needs data or a session. It suits every address and every tab, a signed-in one too, so it is never
 * hidden; the app's first render replaces it.
 */
export const APP_FRAME = '*';

/**
 * On #root beside FIRST_PAINT_ATTRIBUTE when the frame holds a page the gateway rendered with its content (a
 * public course page): the app renders its own beside it, unseen, and replaces it once the app's page shows its
 * first content, so the page on screen never falls back to a spinner (shell/src/bootstrap.tsx, renderOver).
 */
export const SERVED_PAGE_ATTRIBUTE = 'data-served-page';

/** Whether #root holds the app's frame (not one page's first paint). */
export const holdsAppFrame = (root: Element | null | undefined): boolean =>
  root?.getAttribute(FIRST_PAINT_ATTRIBUTE) === APP_FRAME;

/**
 * On index.html's app scripts besides the early entry. On a page with its first paint the gateway
 * holds them back (type="text/plain": not run, still preloaded) and the early entry runs them, in
 * order, once that paint is on screen.
 */
export const AFTER_FIRST_PAINT_ATTRIBUTE = 'data-after-first-paint';

/** The type a held-back app script carries until the early entry runs it. */
export const HELD_SCRIPT_TYPE = 'text/plain';

/** On <html> when the tab keeps a session: the first paint (a visitor's page) stays hidden there. */
export const KEPT_SESSION_ATTRIBUTE = 'data-kept-session';

/** Where a browser keeps the person's theme: 'light' or 'dark' (none: the system's). */
export const THEME_STORAGE_KEY = 'catalyst-theme';
/** On <html>: the theme the person chose, which the tokens' color-scheme follows (none: the system's). */
export const THEME_ATTRIBUTE = 'data-theme';

/** Where a browser keeps the language a person picked (none: the browser's preferred, else English). */
export const LANGUAGE_STORAGE_KEY = 'catalyst-language';
/**
 * On <html> from the head script until the app has rendered in the page's language, when that is not English: the
 * first paint (English) stays hidden meanwhile.
 */
export const LANGUAGE_PENDING_ATTRIBUTE = 'data-language-pending';
