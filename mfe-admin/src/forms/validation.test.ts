import { describe, expect, it } from 'vitest';
import {
  normaliseSlug,
  normaliseSlugWhileTyping,
  validateCategory,
  validateCreator,
  validateProduct,
} from './validation';

const category = {
  name: 'Web Development',
  description: 'Build for the browser.',
  slug: 'web-development',
  sortOrder: 0,
};

describe('category form validation (spec section 5, messages of section 8)', () => {
  it('accepts a complete category', () => {
    expect(validateCategory(category)).toEqual({});
  });

  it.each([
    [{ name: '' }, 'name', 'Category name is required'],
    [{ name: 'A' }, 'name', 'Category name must be at least 2 characters'],
    [{ name: 'x'.repeat(51) }, 'name', 'Category name must be less than 50 characters'],
    [{ description: '' }, 'description', 'Description is required'],
    [{ description: 'Too short' }, 'description', 'Description must be at least 10 characters'],
    [{ slug: '' }, 'slug', 'Slug is required'],
    [{ slug: '???' }, 'slug', 'Slug can only contain lowercase letters, numbers, and hyphens'],
    [{ sortOrder: -1 }, 'sortOrder', 'Sort order cannot be negative'],
  ])('%j → %s: %s', (overrides, field, message) => {
    expect(validateCategory({ ...category, ...overrides })[field]).toBe(message);
  });

  it('gives one message per field, the first rule broken', () => {
    expect(validateCategory({ name: '', description: '', slug: '', sortOrder: -3 })).toEqual({
      name: 'Category name is required',
      description: 'Description is required',
      slug: 'Slug is required',
      sortOrder: 'Sort order cannot be negative',
    });
  });
});

describe('product form validation', () => {
  const product = { title: 'React', description: 'Hooks', category: 'a'.repeat(24), creator: 'b'.repeat(24) };
  it('asks for title, description and category, and a numeric duration', () => {
    expect(validateProduct(product)).toEqual({});
    expect(
      validateProduct({ ...product, title: ' ', description: '', category: '', duration: 'soon' }),
    ).toMatchObject({
      title: 'Title is required',
      description: 'Description is required',
      category: 'Category is required',
      duration: 'Duration must be a number',
    });
  });
});

describe('creator form validation', () => {
  it('uses the category rules with creator wording', () => {
    expect(validateCreator({ name: 'A', slug: '' })).toEqual({
      name: 'Creator name must be at least 2 characters',
      slug: 'Slug is required',
    });
  });
});

describe('slug normalisation', () => {
  it('generates the slug from a name as section 5 describes', () => {
    expect(normaliseSlug('  Web & Mobile  Development!! ')).toBe('web-mobile-development');
    expect(normaliseSlug('--Data--Science--')).toBe('data-science');
  });

  it('normalises as the admin types but lets the next word follow a separator', () => {
    expect(normaliseSlugWhileTyping('Web ')).toBe('web-');
    expect(normaliseSlugWhileTyping('web-')).toBe('web-');
    expect(normaliseSlugWhileTyping('web--')).toBe('web-');
    expect(normaliseSlugWhileTyping('web-D')).toBe('web-d');
    expect(normaliseSlugWhileTyping('Web Dev!')).toBe('web-dev');
    expect(normaliseSlugWhileTyping('-')).toBe('');
    expect(normaliseSlugWhileTyping(' ')).toBe('');
  });
});
