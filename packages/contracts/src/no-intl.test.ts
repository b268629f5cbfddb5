import { describe, expect, it } from 'vitest';
import { byText, groupDigits } from './no-intl';

describe('groupDigits', () => {
  it('writes a count as en-US does', () => {
    for (const n of [0, 7, 999, 1000, 5000, 12_345, 999_999, 1_000_000, 2_147_483_647, -1234567])
      expect(groupDigits(n)).toBe(n.toLocaleString('en-US'));
  });

  it('drops a fraction and keeps what is not a number readable', () => {
    expect(groupDigits(1234.9)).toBe('1,234');
    expect(groupDigits(-0.4)).toBe('0');
    expect(groupDigits(Number.NaN)).toBe('NaN');
  });
});

describe('byText', () => {
  it('orders ISO times as time runs', () => {
    const times = ['2026-12-05T10:00:00.000Z', '2026-01-31T23:59:59.999Z', '2026-12-05T09:59:59.999Z'];
    expect([...times].sort(byText)).toEqual([
      '2026-01-31T23:59:59.999Z',
      '2026-12-05T09:59:59.999Z',
      '2026-12-05T10:00:00.000Z',
    ]);
    expect(byText('a', 'a')).toBe(0);
  });
});
