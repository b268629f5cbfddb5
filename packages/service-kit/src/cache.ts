import { Redis } from 'ioredis';
import type { Logger } from './logger';
import { TtlLru } from './lru';
import { metrics } from './metrics';

/**
 * One cache interface over Redis (when REDIS_URL is set) or an in-process store. A cache is never the
 * truth: when Redis is down every call degrades to a miss (or the in-process fallback), never an error.
 */
export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  /** The value `get` would give, read at once: only a store in this process has it (none: ask `get`). */
  peek?<T>(key: string): T | undefined;
  set(key: string, value: unknown, ttlSeconds: number): Promise<void>;
  del(...keys: string[]): Promise<void>;
  /** Increments a counter that expires ttlSeconds after its first increment; returns the new count. */
  incr(key: string, ttlSeconds: number): Promise<number>;
  /** Takes one back from a live counter (never below zero, never revives an expired one). */
  decr(key: string): Promise<void>;
  /** Sets the key only if it is absent (atomic): true for the one caller that got it, for ttlSeconds. */
  claim(key: string, ttlSeconds: number): Promise<boolean>;
  /** 'redis' or 'memory', and whether the backing store answers right now. */
  status(): { kind: 'redis' | 'memory'; healthy: boolean };
  close(): Promise<void>;
}

/** A kept value, as Redis would hold it (JSON, so a reader never shares an object with the writer). */
interface Entry {
  json: string;
}

/** The in-process store: service-kit's TtlLru (the least recently used go first when it is full). */
export class MemoryCache implements Cache {
  private readonly entries: TtlLru<string, Entry>;
  constructor(maxEntries = 50_000) {
    // Every entry names its own lifetime.
    this.entries = new TtlLru(maxEntries, Infinity);
  }

  async get<T>(key: string): Promise<T | undefined> {
    return this.peek<T>(key);
  }

  peek<T>(key: string): T | undefined {
    const entry = this.entries.get(key);
    return entry ? (JSON.parse(entry.json) as T) : undefined;
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    this.entries.set(key, { json: JSON.stringify(value) }, undefined, ttlSeconds * 1000);
  }

  async del(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  // Counters are read and written synchronously, so a read-modify-write cannot interleave with another;
  // a live one changes in place and keeps its expiry.
  async incr(key: string, ttlSeconds: number): Promise<number> {
    const entry = this.entries.get(key);
    const next = (entry ? (JSON.parse(entry.json) as number) : 0) + 1;
    if (entry) entry.json = JSON.stringify(next);
    else this.entries.set(key, { json: JSON.stringify(next) }, undefined, ttlSeconds * 1000);
    return next;
  }

  async decr(key: string): Promise<void> {
    const entry = this.entries.get(key);
    if (entry) entry.json = JSON.stringify(Math.max(0, (JSON.parse(entry.json) as number) - 1));
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    if (this.entries.get(key)) return false;
    this.entries.set(key, { json: '1' }, undefined, ttlSeconds * 1000);
    return true;
  }

  status() {
    return { kind: 'memory' as const, healthy: true };
  }

  async close(): Promise<void> {
    this.entries.clear();
  }
}

const DECR_LIVE =
  "local v = tonumber(redis.call('GET', KEYS[1])) if v and v > 0 then return redis.call('DECR', KEYS[1]) end return 0";

export class RedisCache implements Cache {
  private readonly redis: Redis;
  // Counters keep working (per process) while Redis is down, so rate limits never fail open entirely.
  private readonly fallback = new MemoryCache(10_000);
  private healthy = false;
  /**
   * Keys deleted while Redis could not be told (a revoked session, an evicted entitlement): deleted again
   * as soon as it answers, and never read from it before, so a Redis that returns with its old data
   * cannot bring them back.
   */
  private readonly pendingDeletes = new Set<string>();

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly log?: Logger,
  ) {
    this.redis = new Redis(url, {
      lazyConnect: false,
      enableOfflineQueue: false,
      maxRetriesPerRequest: 1,
      connectTimeout: 1_000,
      commandTimeout: 500,
      retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    });
    this.redis.on('ready', () => {
      if (!this.healthy) this.log?.info('redis connected');
      this.healthy = true;
      void this.replayDeletes();
    });
    this.redis.on('error', (error) => {
      if (this.healthy)
        this.log?.warn({ err: error.message }, 'redis unavailable; serving from the database');
      this.healthy = false;
    });
    this.redis.on('end', () => (this.healthy = false));
  }

  private k(key: string) {
    return `${this.prefix}:${key}`;
  }

  private async replayDeletes() {
    if (this.pendingDeletes.size === 0) return;
    const keys = [...this.pendingDeletes];
    try {
      await this.redis.del(...keys.map((key) => this.k(key)));
      for (const key of keys) this.pendingDeletes.delete(key);
      this.log?.info({ keys: keys.length }, 'redis: deletes missed during the outage applied');
    } catch {
      /* still unreachable: tried again on the next reconnect */
    }
  }

  private rememberDeletes(keys: string[]) {
    for (const key of keys) if (this.pendingDeletes.size < 100_000) this.pendingDeletes.add(key);
  }

  async get<T>(key: string): Promise<T | undefined> {
    if (!this.healthy || this.pendingDeletes.has(key)) return undefined;
    try {
      const raw = await this.redis.get(this.k(key));
      return raw === null ? undefined : (JSON.parse(raw) as T);
    } catch {
      return undefined;
    }
  }

  async set(key: string, value: unknown, ttlSeconds: number): Promise<void> {
    if (!this.healthy) return;
    try {
      await this.redis.set(this.k(key), JSON.stringify(value), 'EX', Math.max(1, Math.ceil(ttlSeconds)));
      this.pendingDeletes.delete(key);
    } catch {
      /* a cache write that fails is only a future miss */
    }
  }

  async del(...keys: string[]): Promise<void> {
    if (keys.length === 0) return;
    await this.fallback.del(...keys);
    if (!this.healthy) return this.rememberDeletes(keys);
    try {
      await this.redis.del(...keys.map((key) => this.k(key)));
    } catch {
      this.rememberDeletes(keys);
    }
  }

  async decr(key: string): Promise<void> {
    if (!this.healthy) return this.fallback.decr(key);
    try {
      // Only a live counter above zero goes down: an expired one must not come back as -1.
      await this.redis.eval(DECR_LIVE, 1, this.k(key));
    } catch {
      await this.fallback.decr(key);
    }
  }

  async claim(key: string, ttlSeconds: number): Promise<boolean> {
    if (!this.healthy) return this.fallback.claim(key, ttlSeconds);
    try {
      return (
        (await this.redis.set(this.k(key), '1', 'EX', Math.max(1, Math.ceil(ttlSeconds)), 'NX')) === 'OK'
      );
    } catch {
      return this.fallback.claim(key, ttlSeconds);
    }
  }

  async incr(key: string, ttlSeconds: number): Promise<number> {
    if (!this.healthy) return this.fallback.incr(key, ttlSeconds);
    try {
      const full = this.k(key);
      const [[, count]] = (await this.redis.multi().incr(full).expire(full, ttlSeconds, 'NX').exec()) as [
        [unknown, number],
      ];
      return count;
    } catch {
      return this.fallback.incr(key, ttlSeconds);
    }
  }

  status() {
    return { kind: 'redis' as const, healthy: this.healthy };
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

export function createCache({
  redisUrl,
  prefix,
  log,
}: {
  redisUrl?: string;
  prefix: string;
  log?: Logger;
}): Cache {
  return countLookups(redisUrl ? new RedisCache(redisUrl, prefix, log) : new MemoryCache(), prefix);
}

/** Counts each read as a hit or a miss (cache_lookups_total{cache=prefix}). */
function countLookups(cache: Cache, prefix: string): Cache {
  const get = cache.get.bind(cache);
  const hit = metrics.cacheLookups.labels(prefix, 'hit');
  const miss = metrics.cacheLookups.labels(prefix, 'miss');
  cache.get = async <T>(key: string) => {
    const value = await get<T>(key);
    (value === undefined ? miss : hit).inc();
    return value;
  };
  return cache;
}
