import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startEmbeddedPostgres } from './lib/postgres';

/** vitest global setup: one real Postgres for the run; each test file creates its own database in it. */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-test-pg-'));
  const pg = await startEmbeddedPostgres({ dataDir: path.join(dir, 'data'), ephemeral: true });
  process.env.TEST_DATABASE_URL = pg.url('postgres');
  return async () => {
    await pg.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}
