// The service worker (served at /sw.js): built by scripts/build-sw.ts after the front-ends' builds, which
// writes this deploy's precache list in place of self.__WB_MANIFEST.
// What it caches, and why nothing personal reaches a shared cache: docs/architecture.md, "Offline and install".
import { clientsClaim } from 'workbox-core';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  matchPrecache,
  precacheAndRoute,
  type PrecacheEntry,
} from 'workbox-precaching';
import { registerRoute, setCatchHandler } from 'workbox-routing';
import { createPartialResponse } from 'workbox-range-requests';
import { CacheFirst, NetworkFirst, StaleWhileRevalidate } from 'workbox-strategies';
import {
  HASHED_FILE,
  OFFLINE_COPY_PREFIX,
  OFFLINE_LICENCE_FILE,
  OFFLINE_PERSON_CACHE,
  OFFLINE_PERSON_KEY,
  PREMIUM_COPY_HEADER,
  SW_CACHES,
  apiPathPattern,
  isFederationIndex,
} from './pwa/cachePolicy';

/** Put in by scripts/build-sw.ts from the route declarations (see catalogPaths). */
declare const __CATALOG_PATHS__: string[];
/** Put in by scripts/build-sw.ts: this deploy's remotes' content-hashed files (/mf/<name>/<file>). */
declare const __REMOTE_FILES__: string[];
const CATALOG_PATTERNS = __CATALOG_PATHS__.map(apiPathPattern);

/** The few service-worker globals used here (the DOM library types `self` as a window). */
interface WorkerScope {
  __WB_MANIFEST: Array<PrecacheEntry | string>;
  location: Location;
  skipWaiting(): Promise<void>;
  addEventListener(type: 'message', listener: (event: { data?: { type?: string } }) => void): void;
  addEventListener(
    type: 'install',
    listener: (event: { waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'push',
    listener: (event: { data: { json(): unknown } | null; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  addEventListener(
    type: 'notificationclick',
    listener: (event: { notification: Notification; waitUntil(p: Promise<unknown>): void }) => void,
  ): void;
  registration: {
    showNotification(title: string, options: NotificationOptions): Promise<void>;
  };
  clients: {
    matchAll(options: { type: 'window'; includeUncontrolled: boolean }): Promise<WindowClientLike[]>;
    openWindow(url: string): Promise<unknown>;
  };
}
interface WindowClientLike {
  url: string;
  focus(): Promise<unknown>;
  navigate(url: string): Promise<unknown>;
}
const worker = self as unknown as WorkerScope;

// A new worker waits: the page asks it to take over when the learner chooses Reload
// ("A new version is available — Reload"), never in the middle of a lesson on its own.
worker.addEventListener('message', (event) => {
  if (event.data?.type === 'SKIP_WAITING') void worker.skipWaiting();
});
// The first worker of a visit controls the open page at once (there is no old version to keep).
clientsClaim();

cleanupOutdatedCaches();
// Written as self.__WB_MANIFEST: scripts/build-sw.ts replaces exactly that text.
precacheAndRoute((self as unknown as WorkerScope).__WB_MANIFEST);

// The app shell: index.html as the gateway renders it (with the site config), network first, the last
// copy when offline. Filed under one key: every client route gets the same document.
const appShell = new NetworkFirst({
  cacheName: SW_CACHES.appShell,
  networkTimeoutSeconds: 4,
  plugins: [{ cacheKeyWillBeUsed: async () => '/' }, new CacheableResponsePlugin({ statuses: [200] })],
});
worker.addEventListener('install', (event) => {
  event.waitUntil(
    Promise.all([
      caches
        .open(SW_CACHES.appShell)
        .then((cache) => cache.add(new Request('/', { cache: 'reload' })))
        .catch(() => undefined),
      warmRemotes(),
      cacheRemoteFiles(),
    ]),
  );
});

/**
 * This deploy's remote files, fetched once at install into the cache-first cache. Each on its own: one
 * that is gone (its remote redeployed alone since) is skipped, never failing the install.
 */
async function cacheRemoteFiles(): Promise<void> {
  const files = await caches.open(SW_CACHES.remoteFiles);
  await Promise.all(
    __REMOTE_FILES__.map(async (file) => {
      if (await files.match(file)) return;
      const response = await fetch(file).catch(() => undefined);
      if (response?.ok) await files.put(file, response).catch(() => undefined);
    }),
  );
}

/**
 * At install, what the remotes' registry names now: /mf/remotes.json, each remote's manifest and entry
 * (kept for offline use only: network first) and the files its exposed modules need (cache first). So
 * the app opens offline on pages whose remote was never visited. Best effort; the admin remote never.
 */
async function warmRemotes(): Promise<void> {
  try {
    const index = await caches.open(SW_CACHES.remotesIndex);
    const files = await caches.open(SW_CACHES.remoteFiles);
    const registry = await fetch('/mf/remotes.json', { cache: 'no-cache' });
    if (!registry.ok) return;
    await index.put('/mf/remotes.json', registry.clone());
    for (const manifestUrl of manifestUrlsIn(await registry.json())) {
      const manifest = await fetch(manifestUrl, { cache: 'no-cache' });
      if (!manifest.ok) continue;
      await index.put(manifestUrl, manifest.clone());
      const { entry, assets } = remoteFilesOf(await manifest.json(), manifestUrl);
      if (entry) await index.add(entry).catch(() => undefined);
      await Promise.all(
        assets.map(async (asset) =>
          (await files.match(asset)) || (await matchPrecache(asset))
            ? undefined
            : files.add(asset).catch(() => undefined),
        ),
      );
    }
  } catch {
    // offline at install, or a registry of another shape: the runtime caches fill as pages are visited
  }
}

/** The same-origin manifest addresses a registry answer names (any string ending in mf-manifest.json), never the admin remote's. */
function manifestUrlsIn(answer: unknown): string[] {
  const found = new Set<string>();
  const walk = (value: unknown) => {
    if (typeof value === 'string') {
      const url = new URL(value, worker.location.origin);
      if (
        url.origin === worker.location.origin &&
        url.pathname.endsWith('/mf-manifest.json') &&
        !url.pathname.startsWith('/mf/admin/')
      )
        found.add(url.href);
    } else if (value && typeof value === 'object') for (const inner of Object.values(value)) walk(inner);
  };
  walk(answer);
  return [...found];
}

interface FederationManifest {
  metaData?: { remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{
    assets?: { js?: { sync?: string[]; async?: string[] }; css?: { sync?: string[]; async?: string[] } };
  }>;
}

/** A remote's entry and its exposed modules' files, resolved against its manifest's address. */
function remoteFilesOf(
  manifest: FederationManifest,
  manifestUrl: string,
): { entry: string | null; assets: string[] } {
  const base = new URL('./', manifestUrl);
  const entryMeta = manifest.metaData?.remoteEntry;
  const entry = entryMeta?.name
    ? new URL(`${entryMeta.path ? `${entryMeta.path.replace(/\/$/, '')}/` : ''}${entryMeta.name}`, base).href
    : null;
  const assets = new Set<string>();
  for (const expose of manifest.exposes ?? []) {
    for (const kind of [expose.assets?.js, expose.assets?.css])
      for (const file of [...(kind?.sync ?? []), ...(kind?.async ?? [])])
        assets.add(new URL(file, base).href);
  }
  return { entry, assets: [...assets] };
}
registerRoute(
  ({ request, url }) =>
    request.mode === 'navigate' && !url.pathname.startsWith('/api/') && !url.pathname.startsWith('/media/'),
  appShell,
);

// The remotes' registry and manifests: network first, so a remote deployed on its own is seen at once.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/mf/') && isFederationIndex(url.pathname),
  new NetworkFirst({
    cacheName: SW_CACHES.remotesIndex,
    networkTimeoutSeconds: 4,
    plugins: [new CacheableResponsePlugin({ statuses: [200] })],
  }),
);
// A remote's hashed files never change under their name: the cache first.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/mf/') && HASHED_FILE.test(url.pathname),
  new CacheFirst({
    cacheName: SW_CACHES.remoteFiles,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 400, maxAgeSeconds: 60 * 60 * 24 * 60, purgeOnQuotaError: true }),
    ],
  }),
);

// The public catalogue, as a visitor sees it: stale-while-revalidate. A request carrying a session
// (Authorization) is never cached here: its answer may hold what that person alone may see.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    !request.headers.has('authorization') &&
    CATALOG_PATTERNS.some((pattern) => pattern.test(url.pathname)),
  new StaleWhileRevalidate({
    cacheName: SW_CACHES.catalog,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 7, purgeOnQuotaError: true }),
    ],
  }),
);

// A lesson resource the learner opened (/media/downloads/:id?token=…): the token is signed for that
// learner, so the full address (token included) names their own copy; network first, the copy offline.
// The page deletes this cache on sign-out.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin &&
    request.method === 'GET' &&
    /\/media\/downloads\/[^/]+$/.test(url.pathname) &&
    url.searchParams.has('token'),
  new NetworkFirst({
    cacheName: SW_CACHES.resources,
    plugins: [
      new CacheableResponsePlugin({ statuses: [200] }),
      new ExpirationPlugin({ maxEntries: 60, maxAgeSeconds: 60 * 60 * 24 * 30, purgeOnQuotaError: true }),
    ],
  }),
);

/** Whether the person's offline licence, stored with their copies, is theirs and still running. */
async function licensed(copies: Cache, person: string): Promise<boolean> {
  const stored = await copies.match(`${OFFLINE_COPY_PREFIX}${person}/${OFFLINE_LICENCE_FILE}`);
  const licence = (await stored?.json().catch(() => null)) as {
    person?: unknown;
    expiresAt?: unknown;
  } | null;
  return (
    licence?.person === person && typeof licence.expiresAt === 'number' && licence.expiresAt > Date.now()
  );
}

const refused = () =>
  new Response('This saved lesson cannot be played here now.', {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8' },
  });

// A lesson saved for offline watching (packages/web-kit/src/offline/downloads.ts): only from that person's
// own cache, named in the address, only while they are the device's person (signed in, or remembered
// offline), and a premium copy only under their unexpired offline licence; ranges answered from the saved
// file as the media server would.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.method === 'GET' && url.pathname.startsWith(OFFLINE_COPY_PREFIX),
  async ({ request, url }) => {
    const [person = '', file = ''] = url.pathname.slice(OFFLINE_COPY_PREFIX.length).split('/');
    if (!/^[0-9a-f]{64}$/.test(person) || file === OFFLINE_LICENCE_FILE)
      return new Response('Not found', { status: 404 });
    const current = await (await caches.open(OFFLINE_PERSON_CACHE)).match(OFFLINE_PERSON_KEY);
    if ((await current?.text()) !== person) return refused();
    const copies = await caches.open(`catalyst-downloads-${person}`);
    const saved = await copies.match(url.pathname);
    if (!saved) return new Response('Not found', { status: 404 });
    if (saved.headers.get(PREMIUM_COPY_HEADER) !== '0' && !(await licensed(copies, person))) return refused();
    return request.headers.has('range') ? createPartialResponse(request, saved) : saved;
  },
);

// Web Push (community's notifications, docs/architecture.md "Notifications"): each push shows its notification;
// its link is an address inside the app, so nothing but this origin is ever opened from one.
worker.addEventListener('push', (event) => {
  const message = (event.data?.json() ?? {}) as { title?: unknown; body?: unknown; url?: unknown };
  const title = typeof message.title === 'string' && message.title ? message.title : 'New notification';
  const url = new URL(
    typeof message.url === 'string' ? message.url : '/notifications',
    worker.location.origin,
  );
  event.waitUntil(
    worker.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      icon: '/icons/icon-192.png',
      badge: '/icons/icon-192.png',
      data: { url: url.origin === worker.location.origin ? url.href : worker.location.origin },
    }),
  );
});
// A click on it: a tab of the app already open goes there and comes forward, else a new one opens.
worker.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = String((event.notification.data as { url?: string } | null)?.url ?? worker.location.origin);
  event.waitUntil(
    worker.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (tabs) => {
      const tab = tabs.find((client) => new URL(client.url).origin === worker.location.origin);
      if (!tab) return worker.clients.openWindow(url);
      await tab.navigate(url).catch(() => undefined);
      return tab.focus();
    }),
  );
});

// A page that cannot be shown offline (nothing kept for it): the precached offline page.
setCatchHandler(async ({ request }) => {
  if (request.mode === 'navigate') return (await matchPrecache('/offline.html')) ?? Response.error();
  return Response.error();
});
