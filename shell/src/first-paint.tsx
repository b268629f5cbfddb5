// The first paint of the shell's pages that need neither data nor a session, rendered once at build
// time (scripts/first-paint.ts) as a visitor without a session sees them, and the app's frame that
// every other page is served with. The gateway puts the HTML inside #root (gateway/src/first-paint.ts),
// so the page shows as soon as the HTML and its CSS arrive; the app then hydrates a page (bootstrap.tsx)
// instead of rendering it again, and replaces the frame with its first render.
import { StrictMode, type ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router-dom';
import { setSiteConfig, type SiteConfig } from '@catalyst/web-kit';
import { APP_FRAME } from '@catalyst/web-kit/first-paint';
import { App } from './App';
import { LayoutFrame } from './layout/Layout';

/**
 * Pages the first paint covers. Their styles are in the main stylesheet (a lazy page's too: see
 * App.tsx), so the HTML paints complete; a lazy page's code loads while it is on screen, and React
 * hydrates it once it has.
 */
export const FIRST_PAINT_PATHS = ['/', '/privacy-policy', '/terms-and-conditions'] as const;

async function render(tree: ReactNode): Promise<string> {
  // prerender waits for lazy pages (renderToString would write their spinner). A page past its chunk size would
  // be written out of place, with an inline script to move it in, which the page's CSP refuses: all inline.
  const { prelude } = await prerender(tree, { progressiveChunkSize: Number.POSITIVE_INFINITY });
  return new Response(prelude).text();
}

/**
 * Each page's HTML for a visitor without a session, and the app's frame under APP_FRAME, rendered
 * with the site config the gateway will inject.
 */
export async function renderFirstPaint(site: Partial<SiteConfig>): Promise<Record<string, string>> {
  setSiteConfig(site);
  const pages: Record<string, string> = {};
  for (const pathname of FIRST_PAINT_PATHS) pages[pathname] = await render(<App location={pathname} />);
  // At an address no link names, so none of its links is marked as the current page.
  pages[APP_FRAME] = await render(
    <StrictMode>
      <MemoryRouter initialEntries={[`/${APP_FRAME}`]}>
        <LayoutFrame />
      </MemoryRouter>
    </StrictMode>,
  );
  // React's prerender leaves the contexts of the last task it resumed (a lazy page's) set on the context
  // objects: it puts them back only inside another render. Rendering nothing does, so an app rendered
  // later in the same process (the tests) starts without this router around it.
  await prerender(<></>);
  return pages;
}
