import { describe, expect, it } from 'vitest';
import { categoryPath, creatorLibraryPath, lessonPath, productPath } from './paths';

describe('page addresses', () => {
  it('names a product by its productId, else its _id', () => {
    expect(productPath({ productId: 'HTML0001', _id: 'a'.repeat(24) })).toBe(
      '/browse/premium/product/HTML0001',
    );
    expect(productPath({ productId: null, _id: 'a'.repeat(24) })).toBe(
      `/browse/premium/product/${'a'.repeat(24)}`,
    );
  });

  it('names categories and creator libraries, escaping what an address cannot hold', () => {
    expect(categoryPath('web-development')).toBe('/browse/category/web-development');
    expect(creatorLibraryPath('web development', 'c/1')).toBe(
      '/browse/category/web%20development/creator/c%2F1',
    );
  });

  it("names a course's lesson under its product's address", () => {
    expect(lessonPath('css-grid-layout-workshop', 'b'.repeat(24))).toBe(
      `/browse/premium/product/css-grid-layout-workshop/lesson/${'b'.repeat(24)}`,
    );
    expect(lessonPath('a b', 'c/d')).toBe('/browse/premium/product/a%20b/lesson/c%2Fd');
  });
});
