import { describe, expect, it } from 'vitest';
import { TtlLru } from './lru';

describe('TtlLru', () => {
  it('expires entries and drops the least recently used first', () => {
    const removed: string[] = [];
    const lru = new TtlLru<string, number>(2, 1_000, (key) => removed.push(key));
    lru.set('a', 1, 0);
    lru.set('b', 2, 0);
    expect(lru.get('a', 10)).toBe(1);
    lru.set('c', 3, 10);
    expect(lru.get('b', 10)).toBeUndefined();
    expect(lru.get('a', 10)).toBe(1);
    expect(lru.get('a', 999)).toBe(1);
    expect(lru.get('a', 1_000)).toBeUndefined();
    expect(removed).toEqual(['b', 'a']);
    expect(lru.size).toBe(1);
  });

  it('reads its own clock, and lets one entry live shorter or longer than the rest', () => {
    let now = 0;
    const lru = new TtlLru<string, string | null>(10, 1_000, undefined, { now: () => now });
    lru.set('short', 'x', undefined, 100);
    lru.set('long', 'y', undefined, 5_000);
    lru.set('absent', null);
    now = 100;
    expect(lru.get('short')).toBeUndefined();
    expect(lru.get('absent')).toBeNull();
    now = 1_000;
    expect(lru.get('absent')).toBeUndefined();
    expect(lru.get('long')).toBe('y');
  });

  it('tells onRemove of a replaced, deleted or cleared value, and keeps nothing for 0 ms', () => {
    const removed: Array<[string, number]> = [];
    const lru = new TtlLru<string, number>(10, 1_000, (key, value) => removed.push([key, value]));
    lru.set('a', 1);
    lru.set('a', 2);
    expect(lru.get('a')).toBe(2);
    expect(lru.set('a', 3, undefined, 0)).toBe(false);
    expect(lru.get('a')).toBeUndefined();
    lru.set('b', 4);
    lru.set('c', 5);
    lru.delete('b');
    lru.clear();
    expect(removed).toEqual([
      ['a', 1],
      ['a', 2],
      ['b', 4],
      ['c', 5],
    ]);
    expect(new TtlLru<string, number>(10, 0).set('a', 1)).toBe(false);
  });

  it('stays within a size bound, measuring a value again when it grows in place', () => {
    const removed: string[] = [];
    const lru = new TtlLru<string, { bytes: number }>(10, 1_000, (key) => removed.push(key), {
      maxSize: 100,
      sizeOf: (value) => value.bytes,
    });
    const a = { bytes: 40 };
    const b = { bytes: 40 };
    lru.set('a', a);
    lru.set('b', b);
    expect(lru.set('huge', { bytes: 101 })).toBe(false);
    lru.get('a'); // a is now the most recently used
    b.bytes = 50;
    lru.resize('b', b); // 90 ≤ 100: all stay, b is now the most recently used
    expect(lru.size).toBe(2);
    a.bytes = 70;
    lru.resize('a', a); // 120 > 100: the least recently used (b) goes
    expect(lru.get('b')).toBeUndefined();
    expect(lru.get('a')).toBe(a);
    a.bytes = 101;
    lru.resize('a', a); // larger than the bound on its own: not kept
    expect(lru.get('a')).toBeUndefined();
    expect(removed).toEqual(['b', 'a']);
  });

  it('removes the entries a test picks, expired ones too', () => {
    const removed: string[] = [];
    const lru = new TtlLru<string, string>(10, 1_000, (key) => removed.push(key));
    lru.set('a', 'content', 0);
    lru.set('b', 'progress', 0);
    lru.set('c', 'content', 0, 10);
    expect(lru.deleteWhere((value) => value === 'content')).toBe(2);
    expect(removed.sort()).toEqual(['a', 'c']);
    expect(lru.get('b', 1)).toBe('progress');
  });
});
