import { describe, expect, it } from 'vitest';
import { categoryInputSchema, normaliseSlug, parseTags, sortOrderSchema } from './admin';

describe('normaliseSlug (spec section 5)', () => {
  it.each([
    ['Web Development', 'web-development'],
    ['  Data  Science  ', 'data-science'],
    ['C++ & Rust: Systems!', 'c-rust-systems'],
    ['--already-a-slug--', 'already-a-slug'],
    ['a - - b', 'a-b'],
    ['Café Crème 2', 'caf-crme-2'],
    ['!!!', ''],
  ])('turns %j into %j', (input, expected) => {
    expect(normaliseSlug(input)).toBe(expected);
  });

  it('leaves a normalised slug unchanged', () => {
    expect(normaliseSlug(normaliseSlug('Mixed CASE -- text'))).toBe('mixed-case-text');
  });
});

describe('parseTags', () => {
  it('splits by comma, trims and drops empty entries', () => {
    expect(parseTags(' react, , hooks ,jsx,')).toEqual(['react', 'hooks', 'jsx']);
    expect(parseTags('')).toEqual([]);
  });
});

describe('sortOrderSchema', () => {
  it('parses integers, reads empty or non-numeric input as 0, and refuses negatives', () => {
    expect(sortOrderSchema.parse('12')).toBe(12);
    expect(sortOrderSchema.parse('3.9')).toBe(3);
    expect(sortOrderSchema.parse('')).toBe(0);
    expect(sortOrderSchema.parse(undefined)).toBe(0);
    expect(sortOrderSchema.parse('abc')).toBe(0);
    expect(sortOrderSchema.safeParse(-1).error?.issues[0]?.message).toBe('Sort order cannot be negative');
  });
});

describe('categoryInputSchema', () => {
  it('trims text and fills the defaults', () => {
    expect(
      categoryInputSchema.parse({ name: ' Music ', description: ' Scales and chords ', slug: 'Music' }),
    ).toEqual({
      name: 'Music',
      description: 'Scales and chords',
      slug: 'music',
      icon: '📁',
      color: '#f59e0b',
      isActive: true,
      sortOrder: 0,
    });
  });
});
