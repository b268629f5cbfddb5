import { LRUCache } from 'lru-cache';

interface Slot<V> {
  value: V;
  expiresAt: number;
}

/** What bounds a TtlLru beyond its number of entries, and the clock it reads. */
export interface TtlLruOptions<K, V> {
  /** With `sizeOf`: the bound on the sizes of all entries together (the least recently used go first). */
  maxSize?: number;
  /** An entry's size (bytes, say); counted as at least 1. An entry larger than `maxSize` is not kept. */
  sizeOf?: (value: V, key: K) => number;
  /** The clock (ms), read when a call passes no `now`; Date.now() unless given. */
  now?: () => number;
}

/**
 * The one in-process LRU whose entries also expire: service-kit's MemoryCache, the memos of the services and
 * the gateway's identity copy and edge cache all keep their entries here. lru-cache keeps the order of use, the
 * entry and size bounds and the evictions; each entry carries its own expiry, checked when it is read, so an
 * entry is gone exactly `ttlMs` after it was set. `onRemove` hears of every value that leaves: expired,
 * evicted, replaced by another value, deleted or cleared.
 */
export class TtlLru<K extends NonNullable<unknown>, V> {
  private readonly slots: LRUCache<K, Slot<V>>;
  private readonly sizeOf: ((value: V, key: K) => number) | undefined;
  private readonly maxSize: number;
  private readonly clock: () => number;
  /** Set while `resize` puts a value back in its own place: not a removal. */
  private resizing = false;

  constructor(
    private readonly maxEntries: number,
    private readonly ttlMs: number,
    onRemove?: (key: K, value: V) => void,
    { maxSize = 0, sizeOf, now = () => Date.now() }: TtlLruOptions<K, V> = {},
  ) {
    this.clock = now;
    this.sizeOf = maxSize > 0 ? sizeOf : undefined;
    this.maxSize = maxSize;
    const entries = Math.max(1, Math.floor(maxEntries));
    this.slots = new LRUCache<K, Slot<V>>({
      // lru-cache lays out its arrays for `max` entries up front (a MemoryCache of 50,000 took ~11 ms to
      // make). Without a size of their own, entries count 1 each against maxSize: the same bound, with
      // arrays that grow as entries come.
      ...(this.sizeOf
        ? { max: entries, maxSize, sizeCalculation: (slot: Slot<V>, key: K) => this.measure(slot.value, key) }
        : { maxSize: entries, sizeCalculation: () => 1 }),
      ...(onRemove
        ? {
            dispose: (slot: Slot<V>, key: K, reason: LRUCache.DisposeReason) => {
              if (!(this.resizing && reason === 'set')) onRemove(key, slot.value);
            },
          }
        : {}),
    });
  }

  private measure(value: V, key: K) {
    return Math.max(1, Math.ceil(this.sizeOf!(value, key)));
  }

  /** The live value of a key (it becomes the most recently used), or undefined; an expired one is removed. */
  get(key: K, now = this.clock()): V | undefined {
    const slot = this.slots.get(key);
    if (!slot) return undefined;
    if (slot.expiresAt <= now) {
      this.slots.delete(key);
      return undefined;
    }
    return slot.value;
  }

  /**
   * Keeps a value for the cache's lifetime, or for `ttlMs` when this entry should live shorter or longer (0 or
   * less: the key keeps nothing). Returns whether it was kept (not when larger than `maxSize` on its own).
   */
  set(key: K, value: V, now = this.clock(), ttlMs = this.ttlMs): boolean {
    if (this.maxEntries <= 0 || this.ttlMs <= 0 || ttlMs <= 0) {
      this.slots.delete(key);
      return false;
    }
    const slot = { value, expiresAt: now + ttlMs };
    this.slots.set(key, slot);
    return this.slots.peek(key) === slot;
  }

  /**
   * Measures a kept value again after it grew (or shrank) in place, evicting the least recently used while the
   * entries exceed `maxSize`; the value keeps its expiry and becomes the most recently used. Nothing happens
   * unless `value` is still the key's.
   */
  resize(key: K, value: V): void {
    const slot = this.slots.peek(key);
    if (!this.sizeOf || slot?.value !== value) return;
    if (this.measure(value, key) > this.maxSize) return void this.delete(key);
    this.resizing = true;
    try {
      this.slots.set(key, { value, expiresAt: slot.expiresAt });
    } finally {
      this.resizing = false;
    }
  }

  delete(key: K): void {
    this.slots.delete(key);
  }

  /** Removes every entry (expired ones too) whose value passes `test`; returns how many went. */
  deleteWhere(test: (value: V, key: K) => boolean): number {
    const doomed: K[] = [];
    for (const [key, slot] of this.slots.entries()) if (test(slot.value, key)) doomed.push(key);
    for (const key of doomed) this.slots.delete(key);
    return doomed.length;
  }

  clear(): void {
    this.slots.clear();
  }

  /** Entries held, expired ones not yet removed included. */
  get size() {
    return this.slots.size;
  }
}
