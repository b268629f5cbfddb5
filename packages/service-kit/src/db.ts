import { Kysely, Migrator, PostgresDialect, sql, type CompiledQuery, type Migration } from 'kysely';
import pg from 'pg';
import type { Logger } from './logger';
import { gaugeAtScrape } from './metrics';

// Postgres int8 and numeric arrive as strings by default; counts fit in a JS number.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export interface DbOptions {
  connectionString: string;
  /** The service's own schema (architecture rule 1); first on the search path. */
  schema: string;
  poolSize?: number;
  log?: Logger;
}

/** A kysely instance over a pg pool whose connections live in the service's own schema. */
export function createDb<DB>({ connectionString, schema, poolSize = 10, log }: DbOptions): Kysely<DB> {
  const pool = new pg.Pool({
    connectionString,
    max: poolSize,
    // Fail fast when Postgres is down so callers get a 503, never a hang.
    connectionTimeoutMillis: 2_000,
    idleTimeoutMillis: 30_000,
    statement_timeout: 10_000,
    query_timeout: 12_000,
    options: `-c search_path=${schema},public`,
  });
  // An idle client losing its connection must not crash the process; the next query reconnects.
  pool.on('error', (error) => log?.warn({ err: error.message }, 'postgres connection lost'));
  // A checked-out client has no pool listener: Postgres ending its session between two queries (57P01 on
  // shutdown) would be an unhandled 'error' event that kills the process. The pool discards it on release.
  pool.on('connect', (client) => {
    client.on('error', (error) => log?.warn({ err: error.message }, 'postgres connection lost while in use'));
    sendPreparedByName(client);
  });
  trackPool(schema, pool);
  return new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
}

/** The statements executePrepared was given, by text: the name each is prepared under on a connection. */
const preparedNames = new Map<string, string>();
let preparedCount = 0;
const newPreparedName = (text: string) => {
  preparedCount += 1;
  const name = `prepared_${preparedCount}`;
  preparedNames.set(text, name);
  return name;
};

/** A connection of createDb's pool sends a statement executePrepared was given as a named one (kysely sends text). */
function sendPreparedByName(client: pg.PoolClient) {
  const query = client.query;
  client.query = ((...args: unknown[]) => {
    const [text, values] = args;
    const name =
      typeof text === 'string' && args.length === 2 && preparedNames.size > 0
        ? preparedNames.get(text)
        : undefined;
    return Reflect.apply(query, client, name ? [{ name, text, values }] : args);
  }) as typeof client.query;
}

/**
 * Postgres refusing a kept plan whose row type a migration changed ("cached plan must not change result type"):
 * its code, 0A000, is feature_not_supported, which other refusals share, so the routine that raised it decides.
 */
const isStalePlan = (error: unknown) => {
  const { code, routine } = error as { code?: string; routine?: string };
  return code === '0A000' && routine === 'RevalidateCachedQuery';
};

/**
 * Runs a statement whose text is the same at every call (its values all parameters) as a named prepared statement:
 * Postgres parses and plans it once a connection instead of at every call (kysely sends each query unnamed, so a
 * long statement is planned anew every time), inside a transaction too. A table changed under a kept plan (a newer
 * release's migration) makes Postgres refuse it ("cached plan must not change result type"): the next calls
 * prepare it afresh under a new name, and this one runs again unless its transaction is already lost.
 */
export async function executePrepared<DB, R>(db: Kysely<DB>, query: CompiledQuery<R>): Promise<R[]> {
  if (!preparedNames.has(query.sql)) newPreparedName(query.sql);
  try {
    return (await db.executeQuery(query)).rows;
  } catch (error) {
    if (!isStalePlan(error)) throw error;
    newPreparedName(query.sql);
    if (db.isTransaction) throw error;
    return (await db.executeQuery(query)).rows;
  }
}

/** The process's pools (by schema), read when Prometheus scrapes: connections in use, idle, and callers waiting for one. */
const pools = new Map<string, pg.Pool>();
function trackPool(schema: string, pool: pg.Pool) {
  if (pools.size === 0) {
    gaugeAtScrape(
      'pg_pool_connections',
      'Postgres pool connections, by schema and state (total, idle, waiting callers).',
      ['schema', 'state'],
      (set) => {
        for (const [name, p] of pools) {
          // A pool that was closed (a finished migration step) is forgotten.
          if ((p as pg.Pool & { ending?: boolean }).ending) {
            pools.delete(name);
            continue;
          }
          set({ schema: name, state: 'total' }, p.totalCount);
          set({ schema: name, state: 'idle' }, p.idleCount);
          set({ schema: name, state: 'waiting' }, p.waitingCount);
        }
      },
    );
  }
  pools.set(schema, pool);
}

/** What a migration's `up` and `down` receive. */
export type MigrationDb = Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any -- migrations are frozen in time and typed against no schema

/** Runs a service's migrations (a name → migration map) inside its own schema. */
export async function migrateToLatest<DB>(
  db: Kysely<DB>,
  schema: string,
  migrations: Record<string, Migration>,
  log?: Logger,
) {
  await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    migrationTableSchema: schema,
  });
  const { error, results } = await migrator.migrateToLatest();
  for (const r of results ?? []) {
    if (r.status === 'Success') log?.info({ migration: r.migrationName }, 'migration applied');
    if (r.status === 'Error') log?.error({ migration: r.migrationName }, 'migration failed');
  }
  if (error) throw error instanceof Error ? error : new Error(String(error));
}

/** Cheap liveness check used by /health. */
export async function pingDb<DB>(db: Kysely<DB>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}

/**
 * A service's deploy step on its own pool: migrations (and whatever else `step` does, e.g. the demo
 * seed), then the pool is closed. Used by each service's migrate.ts and by the launcher.
 */
export async function runDatabaseStep<DB>({
  schema,
  connectionString,
  log,
  step,
}: {
  schema: string;
  connectionString: string;
  log: Logger;
  step: (db: Kysely<DB>) => Promise<void>;
}): Promise<void> {
  const db = createDb<DB>({ connectionString, schema, poolSize: 2, log });
  try {
    await step(db);
    log.info('database ready');
  } finally {
    await db.destroy();
  }
}
