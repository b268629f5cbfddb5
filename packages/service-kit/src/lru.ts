interface Slot<V> {
  value: V;
  expiresAt: number;
}

/** A small in-process LRU whose entries also expire; `onRemove` hears of every entry that leaves. */
export class TtlLru<K, V> {
  private readonly slots = new Map<K, Slot<V>>();

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    private readonly onRemove?: (key: K, value: V) => void,
  ) {}

  get(key: K, now = Date.now()): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= now) {
      this.delete(key);
      return undefined;
    }
    // Re-insert so Map order stays least-recently-used first.
    this.slots.delete(key);
    this.slots.set(key, slot);
    return slot.value;
  }

  /** Keeps a value for the cache's lifetime, or for `ttlMs` when this entry should live shorter or longer. */
  set(key: K, value: V, now = Date.now(), ttlMs = this.ttlMs): void {
    if (this.ttlMs <= 0 || ttlMs <= 0) return;
    this.delete(key);
    this.slots.set(key, { value, expiresAt: now + ttlMs });
    while (this.slots.size > this.maxEntries) {
      const oldest = this.slots.keys().next();
      if (oldest.done) break;
      this.delete(oldest.value);
    }
  }

  delete(key: K): void {
    const slot = this.slots.get(key);
    if (!slot) return;
    this.slots.delete(key);
    this.onRemove?.(key, slot.value);
  }

  clear(): void {
    for (const key of [...this.slots.keys()]) this.delete(key);
  }

  get size() {
    return this.slots.size;
  }
}
