import { TtlLru } from '@catalyst/service-kit';

/**
 * A short-lived in-process memo of catalogue reads (lists, lookups). The catalogue changes only through
 * admin writes, which clear it (see app.ts); other replicas see a change within `ttlMs`.
 * Concurrent misses of one key share a single database read.
 */
export interface CatalogCache {
  remember<T>(key: string, load: () => Promise<T>): Promise<T>;
  invalidate(): void;
}

export function createCatalogCache({
  ttlMs = 5_000,
  maxEntries = 1_000,
}: { ttlMs?: number; maxEntries?: number } = {}): CatalogCache {
  // Full: the least recently used read goes (service-kit's in-process LRU).
  const entries = new TtlLru<string, Promise<unknown>>(maxEntries, ttlMs);
  return {
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const hit = entries.get(key);
      if (hit) return hit as Promise<T>;
      const value = load();
      entries.set(key, value);
      // A failed read is never remembered.
      value.catch(() => entries.get(key) === value && entries.delete(key));
      return value;
    },
    invalidate() {
      entries.clear();
    },
  };
}
