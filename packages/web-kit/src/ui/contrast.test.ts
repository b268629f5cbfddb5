import { describe, expect, it } from 'vitest';
import { CATEGORY_COLORS } from '@catalyst/contracts';
import { contrastRatio, readableTextOn } from './contrast';

describe('readableTextOn', () => {
  it('puts dark text on the default amber, which white text fails', () => {
    expect(contrastRatio('#f59e0b', '#ffffff')).toBeLessThan(4.5);
    expect(readableTextOn('#f59e0b')).toBe('#0f172a');
    expect(contrastRatio('#f59e0b', readableTextOn('#f59e0b'))).toBeGreaterThanOrEqual(4.5);
  });

  it('puts white text on dark colours', () => {
    expect(readableTextOn('#1e3a8a')).toBe('#ffffff');
    expect(readableTextOn('#000')).toBe('#ffffff');
  });

  it('reaches at least AA large-text contrast on every preset colour', () => {
    for (const colour of CATEGORY_COLORS) {
      expect(contrastRatio(colour, readableTextOn(colour))).toBeGreaterThanOrEqual(3);
    }
  });
});
