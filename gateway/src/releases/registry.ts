import { randomBytes } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import type { RemotesAnswer } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import { REMOTE_NAMES, type RemoteName } from '../config';
import { inCanary } from './canary';
import { loadNoncesFor } from './load-nonce';
import { DIST_VERSION, type Channel, type ReleaseRepository } from './repository';
import type { RouteBook } from './routes';

/** The anonymous, stable id a browser is bucketed by for canaries (HttpOnly: only the gateway reads it). */
const BUCKET_COOKIE = 'catalyst_release_bucket';
const BUCKET_ID = /^[A-Za-z0-9_-]{8,64}$/;
const BUCKET_COOKIE_SECONDS = 365 * 24 * 3600;

/** Response header naming the version of each remote the answer chose, e.g. `catalog=v0.1.0-3f9a1c07e2, player=dist`. */
const RELEASES_HEADER = 'x-catalyst-releases';

/** Where a version's manifest is served: the built dist in place, or its release folder. */
const manifestUrlOf = (remote: string, version: string) =>
  version === DIST_VERSION ? `/mf/${remote}/mf-manifest.json` : `/mf/${remote}/${version}/mf-manifest.json`;

export interface RemotesRegistry {
  /** The /mf/remotes.json answer for one person (their bucket id decides canaries). */
  answer(bucketId: string | undefined): { body: RemotesAnswer; canary: boolean };
  /** The version a front end runs for everyone (the shell's index.html comes from it). */
  current(remote: string): string;
  /** Every version some people are served right now (current and canary). */
  served(remote: string): string[];
  /** Reads the channels again, in a read that starts after this call (after an action through this gateway). */
  refresh(): Promise<void>;
  /** Whether the last read of the registry succeeded (false: answers come from the last known channels). */
  readonly fresh: boolean;
  stop(): void;
}

export interface RegistryOptions {
  /** Null without a database: every remote is its built dist (or its MF_REMOTES address). */
  repo: ReleaseRepository | null;
  /** MF_REMOTES: a fixed address per remote (dev servers, a CDN) that the registry does not decide. */
  overrides?: Partial<Record<RemoteName, string>>;
  log: Logger;
  /** How often the channels are read again: a promotion by the CLI or another gateway is served within this. */
  refreshMs?: number;
  /** Readies what the channels name before they are served (a shell release kept in a bucket is copied); failing, the last channels stay. */
  beforeServing?: (channels: Channel[]) => Promise<void>;
  /** The pages each release publishes, put in every answer (read before the channels naming them are served). */
  routes?: RouteBook;
}

/**
 * The registry as the browsers see it: the channels are read every `refreshMs` and kept in memory, so an
 * answer never waits for Postgres, and when Postgres cannot be reached the last channels read keep being
 * answered (never a blank page). Before the first successful read every remote is its built dist.
 */
export function createRemotesRegistry({
  repo,
  overrides = {},
  log,
  refreshMs = 1_000,
  beforeServing,
  routes,
}: RegistryOptions): RemotesRegistry & { ready: Promise<void> } {
  let channels = new Map<string, Channel>();
  let fresh = repo === null;
  let reading: Promise<void> | null = null;

  const read = (): Promise<void> => {
    if (!repo) return Promise.resolve();
    reading ??= repo
      .channels()
      .then(async (list) => {
        try {
          await beforeServing?.(list);
        } catch (error) {
          log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'release files of the registry’s channels could not be readied: answering the last known releases',
          );
          throw error;
        }
        await routes?.load(
          list.flatMap((channel) => [
            [channel.remote, channel.current] as const,
            ...(channel.canary ? [[channel.remote, channel.canary.version] as const] : []),
          ]),
        );
        channels = new Map(list.map((channel) => [channel.remote, channel]));
        if (!fresh) log.info({ remotes: list.length }, 'release registry read');
        fresh = true;
      })
      .catch((error: unknown) => {
        if (fresh)
          log.warn(
            { err: error instanceof Error ? error.message : String(error) },
            'release registry unreachable: answering the last known releases',
          );
        fresh = false;
      })
      .finally(() => {
        reading = null;
      });
    return reading;
  };

  // A read already in flight may have asked Postgres before the caller's write: refresh() reads again after it.
  let after: Promise<void> | null = null;
  const refresh = (): Promise<void> => {
    if (!reading) return read();
    after ??= reading.then(() => {
      after = null;
      return read();
    });
    return after;
  };

  const timer = repo ? setInterval(() => void read(), refreshMs) : null;
  timer?.unref();

  const versionFor = (
    remote: RemoteName,
    bucketId: string | undefined,
  ): { version: string; canary: boolean } => {
    const channel = channels.get(remote);
    if (!channel) return { version: DIST_VERSION, canary: false };
    if (channel.canary && bucketId && inCanary(bucketId, remote, channel.canary.percent))
      return { version: channel.canary.version, canary: true };
    return { version: channel.current, canary: false };
  };

  return {
    ready: read(),
    get fresh() {
      return fresh;
    },
    answer(bucketId) {
      const remotes: Record<string, string> = {};
      const releases: Record<string, string> = {};
      const pages: NonNullable<RemotesAnswer['routes']> = {};
      let canary = false;
      for (const remote of REMOTE_NAMES) {
        const fixed = overrides[remote];
        if (fixed) {
          remotes[remote] = fixed;
          releases[remote] = 'override';
          continue;
        }
        const chosen = versionFor(remote, bucketId);
        if (channels.get(remote)?.canary) canary = true;
        remotes[remote] = manifestUrlOf(remote, chosen.version);
        releases[remote] = chosen.version;
        const published = routes?.pagesOf(remote, chosen.version);
        if (published) pages[remote] = published;
      }
      releases.shell = channels.get('shell')?.current ?? DIST_VERSION;
      return { body: { remotes, releases, ...(routes ? { routes: pages } : {}) }, canary };
    },
    current: (remote) => channels.get(remote)?.current ?? DIST_VERSION,
    served(remote) {
      const channel = channels.get(remote);
      if (!channel) return [DIST_VERSION];
      return channel.canary ? [channel.current, channel.canary.version] : [channel.current];
    },
    refresh,
    stop: () => timer && clearInterval(timer),
  };
}

const cookieValue = (header: string | undefined, name: string) => {
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return undefined;
};

/**
 * GET /mf/remotes.json: short-lived (no-cache, revalidated on every load), per person while a canary runs
 * (private, Vary: Cookie). A browser without a bucket id gets one (a random, HttpOnly cookie for a year)
 * the first time a canary runs, so it sees one version consistently across reloads. Each release comes with
 * a nonce of this load (load-nonce.ts): the one thing that makes a load-error report count.
 */
export function sendRemotesAnswer(
  registry: RemotesRegistry,
  cookieHeader: string | undefined,
  res: ServerResponse,
  secure: boolean,
  secret: string,
): void {
  const given = cookieValue(cookieHeader, BUCKET_COOKIE);
  let bucketId = given && BUCKET_ID.test(given) ? given : undefined;
  const first = registry.answer(bucketId);
  const { canary } = first;
  let { body } = first;
  if (canary && !bucketId) {
    bucketId = randomBytes(16).toString('base64url');
    ({ body } = registry.answer(bucketId));
    res.setHeader(
      'set-cookie',
      `${BUCKET_COOKIE}=${bucketId}; Path=/; Max-Age=${BUCKET_COOKIE_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  }
  body = { ...body, loadNonces: loadNoncesFor(secret, body.releases) };
  // Every answer carries its own nonces: shared caches keep none of it.
  res.setHeader('cache-control', 'private, no-cache');
  res.setHeader('vary', 'Cookie');
  res.setHeader(
    RELEASES_HEADER,
    Object.entries(body.releases)
      .map(([remote, version]) => `${remote}=${version}`)
      .join(', '),
  );
  res.setHeader('content-type', 'application/json; charset=utf-8');
  res.end(JSON.stringify(body));
}
