import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { RedisCache } from './cache';
import { freePort, startTestRedis, testLog, until, type TestRedis } from './testing';

const dir = mkdtempSync(path.join(os.tmpdir(), 'cache-test-'));
let server: TestRedis | undefined;

/** A persistent redis-server (append-only file), so a restart comes back with its old data, like production. */
async function startRedis(port: number) {
  server = await startTestRedis(port, [
    '--dir',
    dir,
    '--save',
    '',
    '--appendonly',
    'yes',
    '--appendfsync',
    'always',
  ]);
}

async function killRedis() {
  await server?.kill();
  server = undefined;
}

afterAll(async () => {
  await killRedis();
  rmSync(dir, { recursive: true, force: true });
});

describe('RedisCache during an outage', () => {
  it('a key deleted while Redis is down is not served again when Redis returns with its old data', async () => {
    const port = await freePort();
    await startRedis(port);
    const cache = new RedisCache(`redis://127.0.0.1:${port}`, 'outage', testLog);
    const raw = new Redis(`redis://127.0.0.1:${port}`, { lazyConnect: true, maxRetriesPerRequest: 1 });
    try {
      await until(() => cache.status().healthy);
      await cache.set('session:abc', { userId: 'u1' }, 300);
      expect(await cache.get('session:abc')).toEqual({ userId: 'u1' });

      await killRedis();
      await until(() => !cache.status().healthy);
      await cache.del('session:abc'); // e.g. a logout while Redis is unreachable

      await startRedis(port);
      await raw.connect();
      expect(await raw.exists('outage:session:abc')).toBe(1); // the old data is back…
      expect(await cache.get('session:abc')).toBeUndefined(); // …but never served
      await until(() => cache.status().healthy);
      await until(async () => (await raw.exists('outage:session:abc')) === 0);
      expect(await raw.exists('outage:session:abc')).toBe(0); // and deleted once Redis answers
    } finally {
      raw.disconnect();
      await cache.close();
    }
  });
});
