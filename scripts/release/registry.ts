// The release registry as the command-line tools reach it: the gateway's own repository functions
// (gateway/src/releases) straight against its database, and its release store (folders on disk, or the media
// bucket when MEDIA_S3_BUCKET is set: the same settings the gateway reads).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, setVariables } from '@catalyst/service-kit';
import { storageConfigSchema } from '@catalyst/service-kit/storage';
import { releaseStoreOf as gatewayReleaseStoreOf } from '../../gateway/src/releases/index';
import {
  createReleaseRepository,
  migrateReleases,
  RELEASES_SCHEMA,
  type ReleaseRepository,
} from '../../gateway/src/releases/repository';
import type { ReleasesDatabase } from '../../gateway/src/releases/schema';
import type { ReleaseStore } from '../../gateway/src/releases/store';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The database: DATABASE_URL, else the embedded Postgres of a running `npm start` (DATA_DIR/runtime.json,
 * DATA_DIR defaulting to .data as for the launcher).
 */
function registryDatabaseUrl(env: NodeJS.ProcessEnv = process.env): string {
  if (env.DATABASE_URL) return env.DATABASE_URL;
  const runtime = path.join(path.resolve(ROOT, env.DATA_DIR ?? '.data'), 'runtime.json');
  if (existsSync(runtime)) {
    const url = (JSON.parse(readFileSync(runtime, 'utf8')) as { databaseUrl?: string }).databaseUrl;
    if (url) return url;
  }
  throw new Error(
    `No release registry to talk to: set DATABASE_URL, or start Catalyst with npm start (it writes ${path.relative(ROOT, runtime)})`,
  );
}

/** The release store as the gateway has it: RELEASES_DIR (else <STATIC_ROOT>/releases), or the bucket of MEDIA_S3_*. */
export function releaseStoreOf(env: NodeJS.ProcessEnv = process.env): ReleaseStore {
  const set = setVariables(env);
  const storage = storageConfigSchema.safeParse(set);
  if (!storage.success)
    throw new Error(
      `Invalid storage settings: ${storage.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`,
    );
  return gatewayReleaseStoreOf({
    ...storage.data,
    STATIC_ROOT: path.resolve(env.STATIC_ROOT ?? ROOT),
    RELEASES_DIR: set.RELEASES_DIR,
  });
}

/** Who is acting: the git user, else the login name. */
export function actor(env: NodeJS.ProcessEnv = process.env): string {
  for (const key of ['user.email', 'user.name']) {
    try {
      const value = execFileSync('git', ['config', key], { cwd: ROOT, stdio: ['ignore', 'pipe', 'ignore'] })
        .toString()
        .trim();
      if (value) return value;
    } catch {
      // not configured
    }
  }
  return env.USER ?? os.userInfo().username;
}

/** The repository over its own small pool, migrated; `close` ends the pool. */
export async function openRegistry(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ repo: ReleaseRepository; close: () => Promise<void> }> {
  const db = createDb<ReleasesDatabase>({
    connectionString: registryDatabaseUrl(env),
    schema: RELEASES_SCHEMA,
    poolSize: 2,
  });
  try {
    await migrateReleases(db);
  } catch (error) {
    await db.destroy();
    throw error;
  }
  return { repo: createReleaseRepository(db), close: () => db.destroy() };
}
