// The shell's first, small entry (early-entry.ts): it runs as soon as it arrives, while React and the
// app's code are still downloading, and starts what the route would otherwise ask for only once the
// app has rendered: /mf/remotes.json (reusing index.html's preload), the federation runtime chunk, the
// current route's mf-manifest.json and then that remote's files (see startsEarly for who gets
// which). It imports nothing heavy: no React, no web-kit code.
import {
  REMEMBERED_STORAGE_KEY,
  ROLE_HINT_STORAGE_KEY,
  TOKEN_STORAGE_KEY,
} from '@catalyst/web-kit/session-keys';
import { isShellPath, remoteForPath, setRemoteRoutes, type RemoteAudience } from './routeRemotes';

export const REMOTES_CONFIG_URL = '/mf/remotes.json';

type Federation = (typeof import('./runtime'))['federation'];
let runtime: Promise<Federation> | null = null;

/** The federation runtime chunk (one load per page; a failed load is tried again next time). */
export function loadFederationRuntime(): Promise<Federation> {
  runtime ??= import(/* webpackChunkName: "federation" */ './runtime').then(
    (module) => module.federation,
    (error: unknown) => {
      runtime = null;
      throw error;
    },
  );
  return runtime;
}

let remotesBody: Promise<unknown> | null = null;
const manifests = new Map<string, Promise<Response>>();

/** The same request as index.html's <link rel="preload" as="fetch" crossorigin>, so the preload is reused. */
export const fetchRemotesConfig = () =>
  fetch(REMOTES_CONFIG_URL, { mode: 'cors', credentials: 'same-origin' });

/**
 * Storage of the kept session (sessionStorage; unreadable in some privacy modes). A new tab of a browser
 * that remembers a sign-in (localStorage's hint) counts as kept: the session store is getting its token.
 */
function keptSession(): { token: boolean; role: string | null } {
  try {
    return {
      token:
        sessionStorage.getItem(TOKEN_STORAGE_KEY) !== null ||
        localStorage.getItem(REMEMBERED_STORAGE_KEY) !== null,
      role: sessionStorage.getItem(ROLE_HINT_STORAGE_KEY),
    };
  } catch {
    return { token: false, role: null };
  }
}

/**
 * Whether the route's remote may start before the session is checked: open routes always; signed-in
 * routes with a kept token; the admin remote only when the kept session was an admin's (or, for the creator
 * studio, a creator's: a hint, the area still renders only once /auth/me confirms it). Anyone else waits for
 * preload.ts.
 */
function startsEarly(audience: RemoteAudience): boolean {
  if (audience === 'anyone') return true;
  const kept = keptSession();
  return (
    kept.token &&
    (audience === 'signed-in' || kept.role === 'admin' || (audience === 'creator' && kept.role === 'creator'))
  );
}

/** Mounts the pages an answer of /mf/remotes.json publishes (its `routes`), when it has them. */
export function mountAnswerRoutes(config: unknown): void {
  const routes = (config as { routes?: unknown } | null)?.routes;
  if (typeof routes === 'object' && routes !== null && !Array.isArray(routes))
    setRemoteRoutes(routes as Record<string, unknown>);
}

/**
 * Starts /mf/remotes.json (index.html's preload) and, once it is in, mounts the remotes' pages it publishes
 * and starts the route's remote. Resolves when the answer is in (with or without pages), never rejects.
 */
export function startEarlyLoading(location: { pathname: string; href: string }): Promise<void> {
  const body = fetchRemotesConfig().then((response) => {
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  body.catch(() => undefined);
  remotesBody = body;
  // Every page but the shell's own shows a remote (a sign-in dialog at least): the runtime chunk starts now,
  // beside the answer that says which remote.
  if (!isShellPath(location.pathname)) loadFederationRuntime().catch(() => undefined);
  return body
    .then((config) => {
      mountAnswerRoutes(config);
      const target = remoteForPath(location.pathname);
      if (!target || !startsEarly(target.audience)) return;
      const entry = (config as { remotes?: Record<string, unknown> } | null)?.remotes?.[target.remote];
      if (typeof entry !== 'string' || entry === '') return;
      const url = new URL(entry, location.href).href;
      // The federation runtime fetches manifests with no options; this answer is handed to it once, but
      // only after its files are hinted here: whichever reads the manifest first asks for the remote's
      // files, and the runtime chunk may already be in (a fast connection) or not (a slow one).
      manifests.set(
        url,
        fetch(url, {}).then((answer) => hintedFirst(url, answer, target.module)),
      );
    })
    .catch(() => undefined);
}

/**
 * The manifest's answer, given back as it came once the remote module's files are hinted from its body:
 * the requests for them are then the early entry's, whenever the runtime chunk arrives. An answer that is
 * not a manifest is given back untouched, for the runtime to report.
 */
async function hintedFirst(url: string, answer: Response, module: string): Promise<Response> {
  if (!answer.ok) return answer;
  const body = await answer.text();
  try {
    preloadRemoteFiles(url, JSON.parse(body) as RemoteManifest, module);
  } catch {
    // not JSON: the runtime reads the same body and says so
  }
  return new Response(body, {
    status: answer.status,
    statusText: answer.statusText,
    headers: answer.headers,
  });
}

/**
 * Hints the files the route's remote module needs (remoteEntry.js and the exposed module's own chunks
 * and CSS) as soon as its manifest is in, while the federation runtime chunk is still on its way. The
 * runtime then finds them loaded or in flight (it reuses a preload link of the same URL).
 */
function preloadRemoteFiles(manifestUrl: string, manifest: RemoteManifest, module: string): void {
  for (const [url, as] of remoteModuleFiles(manifestUrl, manifest, module)) hintFile(url.href, as);
}

/** The parts of a remote's mf-manifest.json that name the files of an exposed module. */
interface RemoteManifest {
  metaData?: { publicPath?: string; remoteEntry?: { name?: string; path?: string } };
  exposes?: Array<{ path?: string; assets?: { js?: { sync?: string[] }; css?: { sync?: string[] } } }>;
}

/**
 * The files an exposed module needs before it can run: remoteEntry.js, the module's own chunks and its
 * CSS, as absolute URLs (resolved against the manifest's address, or its publicPath when it has one).
 * Empty when the manifest does not expose the module.
 */
function remoteModuleFiles(
  manifestUrl: string,
  manifest: RemoteManifest,
  module: string,
): Array<[url: URL, as: 'script' | 'style']> {
  const publicPath = manifest.metaData?.publicPath;
  const base = new URL(publicPath && publicPath !== 'auto' ? publicPath : '.', manifestUrl);
  const entry = manifest.metaData?.remoteEntry;
  const expose = manifest.exposes?.find((candidate) => candidate.path === module);
  if (!entry?.name || !expose) return [];
  const files: Array<[string, 'script' | 'style']> = [
    [`${entry.path ? `${entry.path.replace(/\/+$/, '')}/` : ''}${entry.name}`, 'script'],
    ...(expose.assets?.js?.sync ?? []).map((file): [string, 'script'] => [file, 'script']),
    ...(expose.assets?.css?.sync ?? []).map((file): [string, 'style'] => [file, 'style']),
  ];
  return files.map(([file, as]) => [new URL(file, base), as]);
}

/**
 * A `<link rel="preload">` for a file the page will ask for soon (the later request reuses it). An image hinted
 * is the page's largest paint (FirstRead's `images`): it goes at high priority, not an image's default low.
 */
export function hintFile(href: string, as: 'script' | 'style' | 'image'): void {
  const link = document.createElement('link');
  link.setAttribute('rel', 'preload');
  link.setAttribute('as', as);
  link.setAttribute('href', href);
  if (as === 'image') link.setAttribute('fetchpriority', 'high');
  document.head.appendChild(link);
}

/** The early /mf/remotes.json body, once (a retry fetches again); null when none was started. */
export function takeEarlyRemotesConfig(): Promise<unknown> | null {
  const body = remotesBody;
  remotesBody = null;
  return body;
}

/** The early answer for a manifest URL, once; undefined lets the runtime fetch it itself. */
export function takeEarlyManifest(url: string): Promise<Response> | undefined {
  const response = manifests.get(url);
  manifests.delete(url);
  return response;
}
