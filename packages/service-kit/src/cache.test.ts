import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { Redis } from 'ioredis';
import { MemoryCache, RedisCache } from './cache';
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

describe('MemoryCache', () => {
  afterEach(() => vi.useRealTimers());

  it('keeps a copy of each value for its lifetime', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const cache = new MemoryCache(10);
    const value = { name: 'Web Development', tags: ['a'] };
    await cache.set('category:1', value, 5);
    value.tags.push('changed after set');
    expect(await cache.get('category:1')).toEqual({ name: 'Web Development', tags: ['a'] });
    vi.setSystemTime(1_004_999);
    expect(await cache.get('category:1')).toEqual({ name: 'Web Development', tags: ['a'] });
    vi.setSystemTime(1_005_000);
    expect(await cache.get('category:1')).toBeUndefined();
    await cache.set('category:2', 'x', 5);
    await cache.del('category:2', 'category:3');
    expect(await cache.get('category:2')).toBeUndefined();
  });

  it('counts within the window of the first increment, and never below zero or back to life', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const cache = new MemoryCache(10);
    expect(await cache.incr('signin:ip', 60)).toBe(1);
    vi.setSystemTime(1_030_000);
    expect(await cache.incr('signin:ip', 60)).toBe(2);
    await cache.decr('signin:ip');
    await cache.decr('signin:ip');
    await cache.decr('signin:ip');
    expect(await cache.get('signin:ip')).toBe(0);
    vi.setSystemTime(1_060_000); // 60 s after the first increment, not after the last
    expect(await cache.get('signin:ip')).toBeUndefined();
    await cache.decr('signin:ip');
    expect(await cache.get('signin:ip')).toBeUndefined();
    expect(await cache.incr('signin:ip', 60)).toBe(1);
  });

  it('gives a claim to one caller until it expires', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: 1_000_000 });
    const cache = new MemoryCache(10);
    expect(await cache.claim('job:1', 10)).toBe(true);
    expect(await cache.claim('job:1', 10)).toBe(false);
    vi.setSystemTime(1_010_000);
    expect(await cache.claim('job:1', 10)).toBe(true);
  });

  it('drops the least recently used entry when full', async () => {
    const cache = new MemoryCache(2);
    await cache.set('a', 1, 60);
    await cache.set('b', 2, 60);
    expect(await cache.get('a')).toBe(1);
    await cache.set('c', 3, 60);
    expect(await cache.get('b')).toBeUndefined();
    expect([await cache.get('a'), await cache.get('c')]).toEqual([1, 3]);
  });
});
