import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import type { Kysely } from 'kysely';
import { createDb, type Logger } from '@catalyst/service-kit';
import { createS3ObjectStore, s3SettingsOf, type StorageConfig } from '@catalyst/service-kit/storage';
import type { GatewayConfig } from '../config';
import { readBuildFacts } from './manifest';
import { createRemotesRegistry, type RemotesRegistry } from './registry';
import { createRouteBook } from './routes';
import {
  createReleaseRepository,
  DIST_VERSION,
  migrateReleases,
  RELEASE_TARGETS,
  RELEASES_SCHEMA,
  type Channel,
  type ReleaseRepository,
  type ReleaseTarget,
} from './repository';
import type { ReleasesDatabase } from './schema';
import { createReleaseStore, RELEASE_STORAGE, type ReleaseStore } from './store';

export * from './repository';
export type { ReleaseStore } from './store';

/** The gateway's release registry: the table (when it has a database), the files, and the answer browsers get. */
export interface GatewayReleases {
  repo: ReleaseRepository | null;
  store: ReleaseStore;
  registry: RemotesRegistry;
  /** Migrates the schema and records each front end's built dist as its first release where none is recorded. */
  prepare(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The release files: folders on disk under RELEASES_DIR (default `<STATIC_ROOT>/releases`), or the media bucket
 * when MEDIA_S3_BUCKET is set (then RELEASES_DIR, default `<tmp>/catalyst-releases`, holds local copies).
 */
export function releaseStoreOf(
  config: Pick<GatewayConfig, 'RELEASES_DIR' | 'STATIC_ROOT'> & StorageConfig,
): ReleaseStore {
  const s3 = s3SettingsOf(config);
  const root =
    config.RELEASES_DIR ??
    (s3 ? path.join(os.tmpdir(), 'catalyst-releases') : path.join(config.STATIC_ROOT, 'releases'));
  return createReleaseStore({
    root: path.resolve(root),
    staticRoot: config.STATIC_ROOT,
    bucket: s3 ? createS3ObjectStore(s3, { what: RELEASE_STORAGE }) : undefined,
  });
}

/** The commit the working tree is at, when it is a git checkout. */
export function gitCommit(cwd: string): string | null {
  try {
    return (
      execFileSync('git', ['rev-parse', 'HEAD'], { cwd, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim() || null
    );
  } catch {
    return null;
  }
}

export function createGatewayReleases(
  config: GatewayConfig,
  log: Logger,
  { database = true }: { database?: boolean } = {},
): GatewayReleases {
  const db: Kysely<ReleasesDatabase> | null =
    database && config.DATABASE_URL
      ? createDb<ReleasesDatabase>({
          connectionString: config.DATABASE_URL,
          schema: RELEASES_SCHEMA,
          poolSize: 3,
          log,
        })
      : null;
  const repo = db ? createReleaseRepository(db) : null;
  const store = releaseStoreOf(config);
  // The shell's index.html and files are served from a local folder: a release kept in a bucket is copied before it is served.
  const beforeServing = async (channels: Channel[]) => {
    const shell = channels.find((channel) => channel.remote === 'shell');
    if (shell) await store.localCopy('shell', shell.current);
  };
  const registry = createRemotesRegistry({
    repo,
    overrides: config.MF_REMOTES,
    log,
    refreshMs: config.RELEASES_REFRESH_MS,
    beforeServing,
    routes: createRouteBook({
      distDir: (remote) => store.dirOf(remote as ReleaseTarget, DIST_VERSION),
      read: (remote, version, file) => store.read(remote as ReleaseTarget, version, file),
      log,
    }),
  });
  return {
    repo,
    store,
    registry,
    async prepare() {
      if (!db || !repo) return;
      await migrateReleases(db, log);
      const commit = gitCommit(config.STATIC_ROOT);
      for (const remote of RELEASE_TARGETS) {
        const dir = store.dirOf(remote, DIST_VERSION);
        if (!(await store.has(remote, DIST_VERSION))) continue;
        const facts = await readBuildFacts(dir);
        const recorded = await repo.ensureInitial({
          remote,
          version: DIST_VERSION,
          label: 'built dist (served in place)',
          releasedBy: 'gateway start',
          gitCommit: commit,
          ...facts,
        });
        if (recorded) log.info({ remote }, 'release registry: the built dist is the first release');
      }
      await registry.refresh();
    },
    async close() {
      registry.stop();
      await db?.destroy();
    },
  };
}
