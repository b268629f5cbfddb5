import { describe, expect, it } from 'vitest';
import { allocatePool, poolOf, splitByLargestRemainder, type CreatorSeconds } from './allocate';

/** A small seeded generator (mulberry32), so the generated month is the same on every run. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const MIN = 30 * 60;

describe('the royalty pool arithmetic', () => {
  it('splits a cent three ways so the parts still add up', () => {
    expect(splitByLargestRemainder(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitByLargestRemainder(1, [5, 7])).toEqual([0, 1]);
    expect(splitByLargestRemainder(0, [5, 7])).toEqual([0, 0]);
    expect(splitByLargestRemainder(999, [0, 0])).toEqual([0, 0]);
  });

  it('takes a whole percent of the net revenue, rounded to the cent', () => {
    expect(poolOf(1_234_567, 40)).toBe(493_827);
    expect(poolOf(1_499, 40)).toBe(600);
    expect(poolOf(-50, 40)).toBe(0);
  });

  it('leaves out creators under 30 paid minutes and shares by qualifying minutes', () => {
    const creators: CreatorSeconds[] = [
      { creatorId: 'a', creatorName: 'A', items: [{ productId: 'p1', title: 'One', paidSeconds: 3600 }] },
      { creatorId: 'b', creatorName: 'B', items: [{ productId: 'p2', title: 'Two', paidSeconds: MIN - 1 }] },
      { creatorId: 'c', creatorName: 'C', items: [{ productId: 'p3', title: 'Three', paidSeconds: MIN }] },
    ];
    const month = allocatePool(10_000, creators, MIN);
    const [a, b, c] = month.allocations;
    expect(b).toMatchObject({ qualifies: false, share: 0, amount: 0 });
    expect(a).toMatchObject({ qualifies: true, amount: 6_667 });
    expect(c).toMatchObject({ qualifies: true, amount: 3_333 });
    expect(a!.share).toBeCloseTo(2 / 3, 10);
    expect(month.qualifyingSeconds).toBe(3600 + MIN);
    expect(month.allocated).toBe(10_000);
  });

  it('reconciles a generated month to the pool to the cent', () => {
    const next = random(59);
    const creators: CreatorSeconds[] = Array.from({ length: 487 }, (_, i) => ({
      creatorId: `creator-${String(i).padStart(4, '0')}`,
      creatorName: `Creator ${i}`,
      items: Array.from({ length: 1 + Math.floor(next() * 9) }, (_, j) => ({
        productId: `p-${i}-${j}`,
        title: `Item ${j}`,
        // Awkward seconds: many creators near the minimum, a few very large.
        paidSeconds: Math.floor(next() < 0.1 ? next() * 3_000_000 : next() * 900),
      })),
    }));
    const revenue = 9_876_543; // $98,765.43
    const pool = poolOf(revenue, 37);
    const month = allocatePool(pool, creators, MIN);

    expect(month.allocations.filter((c) => c.qualifies).length).toBeGreaterThan(50);
    expect(month.allocations.filter((c) => !c.qualifies).length).toBeGreaterThan(50);
    const sum = month.allocations.reduce((total, c) => total + c.amount, 0);
    expect(sum).toBe(pool);
    // A naive rounding of each share would not have added up (the case this proves).
    const naive = month.allocations.reduce(
      (total, c) => total + Math.round((pool * (c.qualifies ? c.paidSeconds : 0)) / month.qualifyingSeconds),
      0,
    );
    expect(naive).not.toBe(pool);
    for (const c of month.allocations) {
      const exact = c.qualifies ? (pool * c.paidSeconds) / month.qualifyingSeconds : 0;
      expect(Math.abs(c.amount - exact)).toBeLessThan(1);
      expect(c.itemAmounts.reduce((a, b) => a + b, 0)).toBe(c.amount);
      if (!c.qualifies) expect(c.amount).toBe(0);
    }
    const shares = month.allocations.reduce((total, c) => total + c.share, 0);
    expect(shares).toBeCloseTo(1, 9);
  });

  it('gives nobody anything when no one qualifies', () => {
    const month = allocatePool(5_000, [{ creatorId: 'a', creatorName: 'A', items: [] }], MIN);
    expect(month.allocated).toBe(0);
    expect(month.allocations[0]).toMatchObject({ amount: 0, qualifies: false });
  });
});
