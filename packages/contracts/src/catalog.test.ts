import { describe, expect, it } from 'vitest';
import { productBodySchema } from './admin';
import {
  NEW_PRODUCT_DAYS,
  PRODUCT_TYPES,
  PRODUCT_TYPE_LABELS,
  isNewProduct,
  productFiltersSchema,
  productTypeSchema,
} from './catalog';

describe('the one list of content types', () => {
  it('holds the types the product promises, each with a label', () => {
    expect([...PRODUCT_TYPES]).toEqual(['course', 'tutorial', 'video', 'document', 'webinar']);
    expect(Object.keys(PRODUCT_TYPE_LABELS).sort()).toEqual([...PRODUCT_TYPES].sort());
    expect(PRODUCT_TYPES.map((t) => PRODUCT_TYPE_LABELS[t])).toEqual([
      'Course',
      'Tutorial',
      'Video',
      'Document',
      'Webinar',
    ]);
  });

  it('is what the list filter and the admin form accept', () => {
    for (const type of PRODUCT_TYPES) {
      expect(productFiltersSchema.parse({ type }).type).toBe(type);
      const saved = productBodySchema.safeParse({
        title: 'T',
        description: 'D',
        category: 'a'.repeat(24),
        creator: 'b'.repeat(24),
        type,
      });
      expect(saved.success, type).toBe(true);
    }
  });

  it('refuses a type outside the list with a message naming the list', () => {
    for (const type of ['workshop', 'article', 'podcast']) {
      const result = productTypeSchema.safeParse(type);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(
        'Type must be one of: course, tutorial, video, document, webinar',
      );
    }
  });
});

describe('the New rule', () => {
  const now = Date.parse('2026-11-24T12:00:00Z');
  const daysAgo = (days: number) => new Date(now - days * 86_400_000).toISOString();

  it(`calls a product new for ${NEW_PRODUCT_DAYS} days after it is published`, () => {
    expect(isNewProduct(daysAgo(0), now)).toBe(true);
    expect(isNewProduct(daysAgo(13.9), now)).toBe(true);
    expect(isNewProduct(daysAgo(14), now)).toBe(false);
    expect(isNewProduct(daysAgo(200), now)).toBe(false);
  });

  it('counts a product dated a little ahead of this clock as new, and an unreadable date as not new', () => {
    expect(isNewProduct(new Date(now + 60_000).toISOString(), now)).toBe(true);
    expect(isNewProduct('not a date', now)).toBe(false);
  });
});
