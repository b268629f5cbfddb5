// Runs in main.js, before the async boundary: no shared module (React, web-kit, federation remotes)
// may be imported here. It starts the two requests the shell would otherwise make only once the
// bootstrap chunk has run: /mf/remotes.json (reusing index.html's preload) and the current route's
// mf-manifest.json (routes open to anyone only; signed-in and admin routes wait for the session).
import { remoteForPath } from './routeRemotes';

export const REMOTES_CONFIG_URL = '/mf/remotes.json';

let remotesBody: Promise<unknown> | null = null;
const manifests = new Map<string, Promise<Response>>();

/** The same request as index.html's <link rel="preload" as="fetch" crossorigin>, so the preload is reused. */
export const fetchRemotesConfig = () => fetch(REMOTES_CONFIG_URL, { mode: 'cors', credentials: 'same-origin' });

export function startEarlyLoading(location: { pathname: string; href: string }): void {
  const body = fetchRemotesConfig().then((response) => {
    if (!response.ok) throw new Error(`${REMOTES_CONFIG_URL} answered HTTP ${response.status}`);
    return response.json() as Promise<unknown>;
  });
  body.catch(() => undefined);
  remotesBody = body;
  const target = remoteForPath(location.pathname);
  if (target?.audience !== 'anyone') return;
  void body
    .then((config) => {
      const entry = (config as { remotes?: Record<string, unknown> } | null)?.remotes?.[target.remote];
      if (typeof entry !== 'string' || entry === '') return;
      const url = new URL(entry, location.href).href;
      // The federation runtime fetches manifests with no options; this answer is handed to it once.
      const response = fetch(url, {});
      response.catch(() => undefined);
      manifests.set(url, response);
    })
    .catch(() => undefined);
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
