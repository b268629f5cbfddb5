import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { IDENTITY_HEADER, INTERNAL_HEADER, type Identity } from '@catalyst/contracts';
import { createCache, type Cache } from '../cache';
import { createDb } from '../db';
import { signIdentity } from '../identity';
import { createLogger } from '../logger';

import { TEST_INTERNAL_SECRET } from './secret';

export { TEST_INTERNAL_SECRET };

export const testLog = createLogger('test', process.env.TEST_LOG_LEVEL ?? 'silent');

function adminUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'TEST_DATABASE_URL is not set: run tests through vitest (its global setup starts Postgres)',
    );
  return url;
}

/** A fresh, empty database on the test cluster, so every test file has its own world. */
export async function createTestDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `test_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: adminUrl() });
  await client.connect();
  await client.query(`create database ${name}`);
  await client.end();
  const url = new URL(adminUrl());
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl() });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

/** Redis when REDIS_URL is set (CI's server tests: vitest's server project sets it from TEST_REDIS_URL), otherwise in-process. */
export function createTestCache(): Cache {
  return createCache({
    redisUrl: process.env.REDIS_URL,
    prefix: `test-${randomBytes(4).toString('hex')}`,
    log: testLog,
  });
}

/**
 * A test cache that is already connected when REDIS_URL is set: before its connection is up a Redis cache
 * counts in-process, so a limit test's first calls and its last would land in two different counters.
 */
export async function connectedTestCache(timeoutMs = 5_000): Promise<Cache> {
  const cache = createTestCache();
  const deadline = Date.now() + timeoutMs;
  while (cache.status().kind === 'redis' && !cache.status().healthy && Date.now() < deadline)
    await new Promise((r) => setTimeout(r, 20));
  return cache;
}

/** Headers a gateway would send for this caller. */
export function identityHeaders(identity: Identity, secret = TEST_INTERNAL_SECRET): Record<string, string> {
  return { [IDENTITY_HEADER]: signIdentity(identity, secret) };
}

export function internalHeaders(secret = TEST_INTERNAL_SECRET): Record<string, string> {
  return { [INTERNAL_HEADER]: secret };
}

export const testUsers = {
  admin: { id: 'aaaaaaaaaaaaaaaaaaaaaaaa', role: 'admin', email: 'admin@test.example', name: 'Ada Admin' },
  learner: {
    id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
    role: 'user',
    email: 'learner@test.example',
    name: 'Lee Learner',
  },
  subscriber: {
    id: 'cccccccccccccccccccccccc',
    role: 'user',
    email: 'member@test.example',
    name: 'Sam Subscriber',
  },
} satisfies Record<string, Identity>;
export * from './redis';
export * from './peers';
export * from './media';
export * from './mail';

/**
 * A fresh database for one test file, opened on `schema`: created before its tests, closed and dropped
 * after them. Call it at the top level of the file; the returned function gives the connection.
 */
export function useTestDatabase<DB>(schema: string): () => Kysely<DB> {
  let database: Awaited<ReturnType<typeof createTestDatabase>> | undefined;
  let db: Kysely<DB> | undefined;
  beforeAll(async () => {
    database = await createTestDatabase();
    db = createDb<DB>({ connectionString: database.url, schema, log: testLog });
  });
  afterAll(async () => {
    await db?.destroy();
    await database?.drop();
  });
  return () => {
    if (!db) throw new Error('useTestDatabase: the database is opened in beforeAll; use it inside a test');
    return db;
  };
}
