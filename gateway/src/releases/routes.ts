import { existsSync, readFileSync, statSync } from 'node:fs';
import { text } from 'node:stream/consumers';
import path from 'node:path';
import { routeManifestProblems, ROUTES_FILE, type PublishedPage } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import { REMOTE_NAMES } from '../config';
import { DIST_VERSION } from './repository';
import type { StoredFile } from '@catalyst/service-kit/storage';

/**
 * The pages each release publishes (its routes.json, beside mf-manifest.json), put in the /mf/remotes.json
 * answer so the shell mounts them with no request of its own before the first paint. Release data is
 * checked at this boundary as the release check did (routeManifestProblems: the shape, and only paths its
 * remote owns); a file that fails it is served as no pages, and logged.
 */
export interface RouteBook {
  /** Reads the routes.json of each (remote, version) not read yet (a version never changes); never throws. */
  load(served: ReadonlyArray<readonly [remote: string, version: string]>): Promise<void>;
  /**
   * A release's pages (none when its file is missing or refused); the built dist's are read again when its
   * file changes (a rebuild). Undefined while a release's file could not be read yet (its store unreachable):
   * the shell then reads it beside the manifest itself.
   */
  pagesOf(remote: string, version: string): PublishedPage[] | undefined;
}

export interface RouteBookOptions {
  /** Where a remote's built dist is (its routes.json is read from disk). */
  distDir: (remote: string) => string;
  /** A release's file, from the release store (a folder or the bucket). */
  read: (remote: string, version: string, file: string) => Promise<StoredFile | null>;
  log: Logger;
}

export function createRouteBook({ distDir, read, log }: RouteBookOptions): RouteBook {
  const versions = new Map<string, PublishedPage[]>();
  const dists = new Map<string, { mtimeMs: number; pages: PublishedPage[] }>();

  const parsed = (remote: string, version: string, body: string | null): PublishedPage[] => {
    if (body === null) {
      log.warn({ remote, version }, `release has no ${ROUTES_FILE}: none of its pages is mounted`);
      return [];
    }
    let data: unknown;
    try {
      data = JSON.parse(body);
    } catch {
      data = undefined;
    }
    const problems = routeManifestProblems(remote, data);
    if (problems.length) {
      log.warn(
        { remote, version, problems },
        `release's ${ROUTES_FILE} refused: none of its pages is mounted`,
      );
      return [];
    }
    return (data as { pages: PublishedPage[] }).pages;
  };

  const distPages = (remote: string): PublishedPage[] => {
    const file = path.join(distDir(remote), ROUTES_FILE);
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      mtimeMs = -1;
    }
    const known = dists.get(remote);
    if (known?.mtimeMs === mtimeMs) return known.pages;
    // A build folder gone (or being replaced) after its pages were read: they stay mounted, so an address of
    // the remote shows its fallback with Retry, not the shell's 404 (e2e/platform.spec.ts).
    if (mtimeMs < 0 && known && known.pages.length > 0) return known.pages;
    let body: string | null = null;
    try {
      body = mtimeMs < 0 ? null : readFileSync(file, 'utf8');
    } catch {
      body = null;
    }
    const pages = parsed(remote, DIST_VERSION, body);
    dists.set(remote, { mtimeMs, pages });
    return pages;
  };

  // The deployed builds' pages are read at start, so a build folder missing later still mounts them (its
  // addresses show the remote's fallback with Retry, not the 404): e2e/faults/remote-broken.ts.
  for (const remote of REMOTE_NAMES)
    if (existsSync(path.join(distDir(remote), ROUTES_FILE))) distPages(remote);

  return {
    async load(served) {
      await Promise.all(
        served
          .filter(([remote, version]) => version !== DIST_VERSION && !versions.has(`${remote}@${version}`))
          .map(async ([remote, version]) => {
            let body: string | null;
            try {
              const file = await read(remote, version, ROUTES_FILE);
              body = file ? await text(file.stream) : null;
            } catch (error) {
              // the store is unreachable: tried again on the next read of the registry
              log.warn(
                { remote, version, err: (error as Error).message },
                `${ROUTES_FILE} could not be read`,
              );
              return;
            }
            versions.set(`${remote}@${version}`, parsed(remote, version, body));
          }),
      );
    },
    pagesOf(remote, version) {
      if (version === DIST_VERSION) return distPages(remote);
      return versions.get(`${remote}@${version}`);
    },
  };
}
