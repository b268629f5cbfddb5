import type { RequestHandler } from 'express';
import type { SiteConfig } from './static';

/** The install icons scripts/build-sw.ts writes into the shell's build (shell/dist/icons). */
const ICONS = [
  { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
  { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
];

const THEME_COLOR = '#0f172a';
const BACKGROUND_COLOR = '#f8fafc';
/** Where the dashboard's Continue watching list is (the shell's dashboard at /, its section by id). */
const CONTINUE_WATCHING_URL = '/#continue-watching';

/** The short name a home screen shows under the icon: the site name's first word, at most 12 characters. */
function shortNameOf(name: string): string {
  const trimmed = name.trim();
  if (trimmed.length <= 12) return trimmed;
  return (trimmed.split(/\s+/)[0] ?? trimmed).slice(0, 12);
}

/** The web app manifest, from the running site's name (SITE_NAME is a runtime setting, not a build input). */
export function webAppManifest(site: Pick<SiteConfig, 'name' | 'tagline'>) {
  return {
    id: '/',
    name: site.name,
    short_name: shortNameOf(site.name),
    description: site.tagline,
    start_url: '/?source=pwa',
    scope: '/',
    display: 'standalone',
    orientation: 'any',
    theme_color: THEME_COLOR,
    background_color: BACKGROUND_COLOR,
    icons: ICONS,
    shortcuts: [
      {
        name: 'Browse',
        short_name: 'Browse',
        url: '/browse',
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
      {
        name: 'Continue watching',
        short_name: 'Continue',
        url: CONTINUE_WATCHING_URL,
        icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
      },
    ],
  };
}

/** GET /manifest.webmanifest: rendered once per process from the site config, revalidated by browsers. */
export function manifestHandler(site: SiteConfig): RequestHandler {
  const body = JSON.stringify(webAppManifest(site));
  return (_req, res) => {
    res.setHeader('cache-control', 'no-cache');
    res.type('application/manifest+json').send(body);
  };
}

/** /sw.js's headers: always revalidated (a new deploy's worker is seen at the next check) and allowed the whole site. */
export const serviceWorkerHeaders: RequestHandler = (_req, res, next) => {
  res.setHeader('service-worker-allowed', '/');
  next();
};

/** The tags index.html gets for installing: the manifest and the Apple touch icon. */
const INSTALL_TAGS =
  '<link rel="manifest" href="/manifest.webmanifest" /><link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />';

/** index.html with the install tags in its head (once). */
export function injectInstallTags(html: string): string {
  if (html.includes('rel="manifest"')) return html;
  return html.replace(/<\/head>/i, `${INSTALL_TAGS}</head>`);
}
