// What the service worker (shell/src/sw.ts) caches, shared with the page (sign-out clears the caches
// named here), the worker's build and the tests.
import type { RouteDeclaration } from '@catalyst/contracts';

/** The worker's runtime caches (the precache has Workbox's own name). */
export const SW_CACHES = {
  appShell: 'catalyst-app-shell',
  remotesIndex: 'catalyst-remotes-index',
  remoteFiles: 'catalyst-remote-files',
  // The name browsers already hold: renaming it would strand the cache they filled.
  catalog: 'catalyst-public-catalogue',
  /** Lesson resources a learner opened: personal, deleted on sign-out. */
  resources: 'catalyst-lesson-resources',
} as const;

/** Saved lessons' addresses (web-kit's downloads): answered by the worker from the person's own cache. */
export const OFFLINE_COPY_PREFIX = '/offline-downloads/';
/** Whose saved lessons the worker plays now (web-kit's downloads writes it): their hash, in a cache of its own. */
export const OFFLINE_PERSON_CACHE = 'catalyst-offline-person';
export const OFFLINE_PERSON_KEY = '/offline-person';
/** The person's offline licence beside their copies (`{ person, expiresAt }`, from the server's status). */
export const OFFLINE_LICENCE_FILE = 'licence';
/** A saved copy's header: '0' plays without a licence (a free lesson); anything else needs one. */
export const PREMIUM_COPY_HEADER = 'x-catalyst-premium';

/** Caches that may hold something of the signed-in person: deleted when they sign out. */
export const PERSONAL_SW_CACHES: readonly string[] = [SW_CACHES.resources];

/** A content hash in a file name (as gateway/src/static.ts decides what is immutable): main.3f9a1c07.js. */
export const HASHED_FILE = /[.-](?=[0-9a-f]*\d)[0-9a-f]{8,}\.[a-z0-9]+(\.map)?$/i;

/** The files that say which build of a remote is current: asked of the network first. */
const FEDERATION_INDEX = new Set(['remotes.json', 'mf-manifest.json', 'remoteEntry.js', 'mf-stats.json']);
export const isFederationIndex = (pathname: string) =>
  FEDERATION_INDEX.has(pathname.slice(pathname.lastIndexOf('/') + 1));

/** `/content/products/:idOrSlug` → a pattern for `/api/v1/content/products/<one segment>`. */
export function apiPathPattern(declared: string): RegExp {
  const body = declared
    .split('/')
    .map((segment) => (segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('/');
  return new RegExp(`^/api(?:/v1)?${body}$`);
}

/**
 * The public catalogue's GET addresses: the declarations marked `access: 'public', cache: 'shared'`
 * (scripts/build-sw.ts compiles their list into the worker, so no address is written by hand).
 */
export function catalogPaths(tables: Record<string, Record<string, RouteDeclaration>>): string[] {
  const paths = Object.values(tables).flatMap((table) =>
    Object.values(table)
      .filter((route) => route.method === 'GET' && route.access === 'public' && route.cache === 'shared')
      .map((route) => route.path),
  );
  return [...new Set(paths)].sort();
}
