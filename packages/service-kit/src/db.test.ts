import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type Kysely } from 'kysely';
import { createDb, executePrepared, migrateToLatest, pingDb, type MigrationDb } from './db';
import { isUnavailableError } from './errors';
import { createCache } from './cache';
import { createTestDatabase, testLog, until } from './testing';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Kysely<unknown>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb({ connectionString: database.url, schema: 'demo', log: testLog });
});
afterAll(async () => {
  await db.destroy();
  await database.drop();
});

describe('createDb and migrateToLatest', () => {
  it('creates tables inside the service schema and applies each migration once', async () => {
    const migrations = {
      '2026-01-01_create_notes': {
        up: async (k: MigrationDb) =>
          void (await k.schema
            .createTable('notes')
            .addColumn('id', 'serial', (c) => c.primaryKey())
            .execute()),
        down: async (k: MigrationDb) => void (await k.schema.dropTable('notes').execute()),
      },
    };
    await migrateToLatest(db, 'demo', migrations, testLog);
    await migrateToLatest(db, 'demo', migrations, testLog);
    const { rows } = await sql<{
      table_schema: string;
    }>`select table_schema from information_schema.tables where table_name = 'notes'`.execute(db);
    expect(rows).toEqual([{ table_schema: 'demo' }]);
    expect(await pingDb(db)).toBe(true);
  });

  it('fails fast with an "unavailable" error when Postgres cannot be reached', async () => {
    const dead = createDb({
      connectionString: 'postgres://postgres:postgres@127.0.0.1:1/none',
      schema: 'demo',
    });
    const error = await sql`select 1`.execute(dead).catch((e: unknown) => e);
    expect(isUnavailableError(error)).toBe(true);
    await dead.destroy();
  });

  it('survives Postgres ending a checked-out connection between two queries (57P01), and answers "unavailable"', async () => {
    await db.connection().execute(async (held) => {
      const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(held);
      const pid = rows[0]!.pid;
      const backends = async () =>
        (await sql`select 1 from pg_stat_activity where pid = ${pid}`.execute(db)).rows.length;
      // What a server shutdown does to every session: the FATAL arrives while this client runs no query.
      await sql`select pg_terminate_backend(${pid})`.execute(db);
      // The backend has exited (it sent its FATAL first).
      await expect.poll(backends, { timeout: 2_000, interval: 20 }).toBe(0);
      const error = await sql`select 1`.execute(held).catch((e: unknown) => e);
      expect(isUnavailableError(error)).toBe(true);
    });
    // The pool answers again (a loaded machine may take a moment to drop the dead connection).
    await expect.poll(() => pingDb(db), { timeout: 5_000, interval: 50 }).toBe(true);
  });
});

describe('executePrepared', () => {
  it('keeps a statement prepared on its connection, and answers again after its table changed under it', async () => {
    const one = createDb({ connectionString: database.url, schema: 'prepared', poolSize: 1, log: testLog });
    try {
      await sql`create schema if not exists prepared`.execute(one);
      await sql`create table prepared.marks (id int primary key, label text not null)`.execute(one);
      await sql`insert into prepared.marks values (1, 'one'), (2, 'two')`.execute(one);
      const read = (id: number) =>
        executePrepared(
          one,
          sql<{ id: number; label: string }>`select * from marks where id = ${id}`.compile(one),
        );
      expect(await read(1)).toEqual([{ id: 1, label: 'one' }]);
      expect(await read(2)).toEqual([{ id: 2, label: 'two' }]);
      const { rows: prepared } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(one);
      expect(prepared.map((row) => row.statement)).toEqual(['select * from marks where id = $1']);
      // A newer release's migration adds a column: the kept plan's row type no longer holds (Postgres refuses it).
      await sql`alter table prepared.marks add column note text`.execute(one);
      expect(await read(2)).toEqual([{ id: 2, label: 'two', note: null }]);
      expect(await read(1)).toEqual([{ id: 1, label: 'one', note: null }]);
    } finally {
      await one.destroy();
    }
  });

  it('prepares it inside a transaction too', async () => {
    const statements = await db.transaction().execute(async (trx) => {
      const labels = await executePrepared(
        trx,
        sql<{ label: string }>`select 'inside' as label`.compile(trx),
      );
      expect(labels).toEqual([{ label: 'inside' }]);
      const { rows } = await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(
        trx,
      );
      return rows.map((row) => row.statement);
    });
    expect(statements).toContain(`select 'inside' as label`);
  });
});

describe('cache', () => {
  it('stores, expires and counts', async () => {
    const cache = createCache({ redisUrl: process.env.REDIS_URL, prefix: `t${Date.now()}`, log: testLog });
    await until(() => cache.status().healthy);
    await cache.set('k', { a: 1 }, 60);
    expect(await cache.get('k')).toEqual(
      process.env.REDIS_URL && !cache.status().healthy ? undefined : { a: 1 },
    );
    await cache.del('k');
    expect(await cache.get('k')).toBeUndefined();
    expect(await cache.incr('n', 60)).toBe(1);
    expect(await cache.incr('n', 60)).toBe(2);
    await cache.close();
  });

  it('degrades to misses, never errors, when Redis is unreachable', async () => {
    const cache = createCache({ redisUrl: 'redis://127.0.0.1:1', prefix: 'down', log: testLog });
    await cache.set('k', 1, 60);
    expect(await cache.get('k')).toBeUndefined();
    expect(await cache.incr('n', 60)).toBe(1);
    expect(cache.status()).toEqual({ kind: 'redis', healthy: false });
    await cache.close();
  });
});
