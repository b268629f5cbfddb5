// No imports: the shell's early entry, its build (scripts/rspack-app.ts) and the gateway read these.
// How index.html carries the shell's first paint (see gateway/src/first-paint.ts).

/** On #root when the gateway served the page with its first paint inside it. */
export const FIRST_PAINT_ATTRIBUTE = 'data-first-paint';

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
