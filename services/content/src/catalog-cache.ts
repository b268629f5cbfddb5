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
  const entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();
  return {
    remember<T>(key: string, load: () => Promise<T>): Promise<T> {
      if (ttlMs <= 0) return load();
      const now = Date.now();
      const hit = entries.get(key);
      if (hit && hit.expiresAt > now) return hit.value as Promise<T>;
      if (entries.size >= maxEntries) entries.clear();
      const value = load();
      const entry = { expiresAt: now + ttlMs, value };
      entries.set(key, entry);
      // A failed read is never remembered.
      value.catch(() => entries.get(key) === entry && entries.delete(key));
      return value;
    },
    invalidate() {
      entries.clear();
    },
  };
}
