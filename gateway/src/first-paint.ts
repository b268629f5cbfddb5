// The shell's first paint: HTML of its pages that need neither data nor a session, and the app's frame
// (the layout with no page yet) for every other page, rendered at build time (shell/src/first-paint.tsx,
// written to the build's first-paint.json by scripts/first-paint.ts), served inside #root so the page
// paints when the HTML and its CSS arrive instead of after the app's scripts. The app hydrates a page's
// first paint and replaces the frame.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import {
  AFTER_FIRST_PAINT_ATTRIBUTE,
  APP_FRAME,
  FIRST_PAINT_ATTRIBUTE,
  HELD_SCRIPT_TYPE,
  KEPT_SESSION_ATTRIBUTE,
  LANGUAGE_PENDING_ATTRIBUTE,
  LANGUAGE_STORAGE_KEY,
  THEME_ATTRIBUTE,
  THEME_STORAGE_KEY,
} from '@catalyst/web-kit/first-paint';
import { LANGUAGES, RTL_LANGUAGES } from '@catalyst/contracts/languages';
import { REMEMBERED_STORAGE_KEY, TOKEN_STORAGE_KEY } from '@catalyst/web-kit/session-keys';
import type { SiteConfig } from './static';

export const FIRST_PAINT_FILE = 'first-paint.json';

export const firstPaintSchema = z.object({
  /** The site config the pages were rendered with: they are served only while the gateway's is the same. */
  site: z.record(z.string(), z.string()),
  /** Path → the HTML inside #root; APP_FRAME ('*') → the frame every other path is served with. */
  pages: z.record(z.string(), z.string()),
});
export type FirstPaint = z.infer<typeof firstPaintSchema>;

/**
 * A page's first paint shows a visitor's page; a tab that keeps a session, or a new tab of a browser that
 * remembers a sign-in (its session store is getting a token), may be someone else's (the dashboard at
 * '/'). This runs in <head> before anything paints and marks such a tab, and the style
 * beside it keeps the visitor's page hidden there until the app renders. The app's frame stays shown
 * (the header's phone row shows in such a tab only: shell/src/layout/Header.module.css).
 */
const KEPT_SESSION_SCRIPT = `try{(sessionStorage.getItem(${JSON.stringify(TOKEN_STORAGE_KEY)})||localStorage.getItem(${JSON.stringify(REMEMBERED_STORAGE_KEY)}))&&document.documentElement.setAttribute(${JSON.stringify(KEPT_SESSION_ATTRIBUTE)},"")}catch(e){}`;
const KEPT_SESSION_STYLE = `html[${KEPT_SESSION_ATTRIBUTE}] #root[${FIRST_PAINT_ATTRIBUTE}]:not([${FIRST_PAINT_ATTRIBUTE}="${APP_FRAME}"]){visibility:hidden}`;

/**
 * The person's theme (web-kit's useThemeChoice keeps it in localStorage) on <html> before anything paints: a
 * dark choice never flashes the light page first. None kept, the tokens follow the system's scheme.
 */
const THEME_SCRIPT = `try{var t=localStorage.getItem(${JSON.stringify(THEME_STORAGE_KEY)});(t==="light"||t==="dark")&&document.documentElement.setAttribute(${JSON.stringify(THEME_ATTRIBUTE)},t)}catch(e){}`;

/**
 * The page's language on <html lang dir> before anything paints: the one picked in this browser, else the first
 * of the browser's preferred languages Catalyst speaks (web-kit's startingLanguage makes the same choice). Read
 * here rather than from Accept-Language by the gateway: index.html stays one document for every visitor (no
 * Vary), and only the page can read the kept pick. The first paint is English, so in another language it stays
 * hidden (LANGUAGE_STYLE, while LANGUAGE_PENDING_ATTRIBUTE is on <html>) until the app renders the page in that
 * language: no English flash, no mirrored jump.
 */
const LANGUAGE_SCRIPT = `try{var d=document.documentElement,L=${JSON.stringify(LANGUAGES)},l=localStorage.getItem(${JSON.stringify(LANGUAGE_STORAGE_KEY)}),p=navigator.languages||[],i=0;for(;L.indexOf(l)<0&&i<p.length;i++)l=String(p[i]).slice(0,2).toLowerCase();L.indexOf(l)>0&&(d.lang=l,d.dir=${JSON.stringify(RTL_LANGUAGES)}.indexOf(l)<0?"ltr":"rtl",d.setAttribute(${JSON.stringify(LANGUAGE_PENDING_ATTRIBUTE)},""))}catch(e){}`;
// …for at most LANGUAGE_WAIT_S: a page whose scripts never run (blocked, failed) shows its English rather than nothing.
const LANGUAGE_WAIT_S = 5;
const LANGUAGE_STYLE = `html[${LANGUAGE_PENDING_ATTRIBUTE}] #root[${FIRST_PAINT_ATTRIBUTE}]{visibility:hidden;animation:catalyst-language-wait 0s ${LANGUAGE_WAIT_S}s forwards}@keyframes catalyst-language-wait{to{visibility:visible}}`;

/** The one inline script, first in <head>: the kept-session guard, the theme, then the language. */
const HEAD_SCRIPT = `${KEPT_SESSION_SCRIPT};${THEME_SCRIPT};${LANGUAGE_SCRIPT}`;

/** The CSP source that lets the one inline script run (script-src keeps 'self' and nothing inline else). */
export const HEAD_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(HEAD_SCRIPT).digest('base64')}'`;

const sameSite = (built: Record<string, string>, site: SiteConfig) =>
  Object.keys(built).length === Object.keys(site).length &&
  Object.entries(site).every(([key, value]) => built[key] === value);

/** The build's pages by path (and its frame), if it rendered them with this site config; none otherwise. */
export function firstPaintPages(
  firstPaint: FirstPaint | undefined,
  site: SiteConfig,
): Record<string, string> {
  return firstPaint && sameSite(firstPaint.site, site) ? firstPaint.pages : {};
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const EMPTY_ROOT = /<div id="root"><\/div>/;
const HEAD = /<head\b[^>]*>/i;
const APP_SCRIPT = new RegExp(`<script\\b(?=[^>]*\\s${AFTER_FIRST_PAINT_ATTRIBUTE}[\\s=>])([^>]*)>`, 'gi');

/**
 * index.html with `page` (the first paint of `pathname`, or the app's frame for APP_FRAME, named on
 * #root) inside its (empty) #root, and
 * the kept-session guard and the theme first in <head> (before any stylesheet, which an inline script would
 * otherwise wait for). The app's scripts besides the early entry are held back (their preloads still fetch them):
 * the early entry runs them once the first paint is on screen, where the browser would otherwise run
 * whatever has arrived before painting anything. Unchanged without a <head> or an empty #root.
 */
export function injectFirstPaint(html: string, pathname: string, page: string): string {
  const head = HEAD.exec(html);
  if (!head || !EMPTY_ROOT.test(html)) return html;
  const at = head.index + head[0].length;
  const guard = `<script>${HEAD_SCRIPT}</script><style>${KEPT_SESSION_STYLE}${LANGUAGE_STYLE}</style>`;
  return `${html.slice(0, at)}${guard}${html.slice(at)}`
    .replace(
      APP_SCRIPT,
      (_tag, attributes: string) =>
        `<script type="${HELD_SCRIPT_TYPE}"${attributes.replace(/\s(?:defer|async|type)(?:=(?:"[^"]*"|'[^']*'|[^\s>]*))?(?=[\s>]|$)/gi, '')}>`,
    )
    .replace(
      EMPTY_ROOT,
      () => `<div id="root" ${FIRST_PAINT_ATTRIBUTE}="${escapeAttribute(pathname)}">${page}</div>`,
    );
}
