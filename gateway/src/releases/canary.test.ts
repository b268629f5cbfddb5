import { describe, expect, it } from 'vitest';
import { bucketOf, inCanary } from './canary';

const ids = Array.from({ length: 10_000 }, (_, i) => `person-${i}-${(i * 7919).toString(36)}`);

describe('the canary split', () => {
  it.each([1, 5, 10, 25, 50, 75, 90])('serves %s% of 10,000 people the canary, within ±5%', (percent) => {
    const share = (ids.filter((id) => inCanary(id, 'catalog', percent)).length / ids.length) * 100;
    expect(Math.abs(share - percent)).toBeLessThanOrEqual(5);
  });

  it('gives the same person the same answer every time', () => {
    for (const id of ids.slice(0, 500)) {
      expect(bucketOf(id, 'catalog')).toBe(bucketOf(id, 'catalog'));
      expect(inCanary(id, 'catalog', 50)).toBe(inCanary(id, 'catalog', 50));
    }
  });

  it('keeps everyone in a smaller canary inside a larger one (raising the share only adds people)', () => {
    for (const id of ids.slice(0, 2_000))
      if (inCanary(id, 'player', 10)) expect(inCanary(id, 'player', 30)).toBe(true);
  });

  it('splits each front end on its own', () => {
    const both = ids.filter((id) => inCanary(id, 'catalog', 10) && inCanary(id, 'player', 10)).length;
    // Independent 10% splits overlap on about 1% of people, not 10%.
    expect(both / ids.length).toBeLessThan(0.03);
  });

  it('has buckets 0…9999 only', () => {
    for (const id of ids.slice(0, 1_000)) {
      const bucket = bucketOf(id, 'admin');
      expect(bucket).toBeGreaterThanOrEqual(0);
      expect(bucket).toBeLessThan(10_000);
    }
  });
});
