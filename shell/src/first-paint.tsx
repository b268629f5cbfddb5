// The first paint of the shell's pages that need neither data nor a session, rendered once at build
// time (scripts/first-paint.ts) as a visitor without a session sees them. The gateway puts the HTML
// inside #root (gateway/src/first-paint.ts), so the page shows as soon as the HTML and its CSS arrive;
// the app then hydrates it (bootstrap.tsx) instead of rendering it again.
import { renderToString } from 'react-dom/server';
import { setSiteConfig, type SiteConfig } from '@catalyst/web-kit';
import { App } from './App';

/** Pages the first paint covers: their content is in the main chunk and its CSS (no lazy page, no remote). */
export const FIRST_PAINT_PATHS = ['/'] as const;

/** Each page's HTML for a visitor without a session, rendered with the site config the gateway will inject. */
export function renderFirstPaint(site: Partial<SiteConfig>): Record<string, string> {
  setSiteConfig(site);
  return Object.fromEntries(FIRST_PAINT_PATHS.map((pathname) => [pathname, renderToString(<App location={pathname} />)]));
}
