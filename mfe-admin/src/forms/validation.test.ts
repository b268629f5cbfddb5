import { afterEach, describe, expect, it } from 'vitest';
import { setLanguage } from '@catalyst/web-kit';
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

describe("field messages in the page's language", () => {
  afterEach(() => setLanguage('en', { keep: false }));

  it('shows a client-side check in German, a limit written as German writes it, and English as it was', async () => {
    const product = {
      title: 'x'.repeat(201),
      description: 'x'.repeat(5001),
      category: '',
      creator: 'b'.repeat(24),
    };
    expect(validateProduct(product)).toMatchObject({
      title: 'Title must be at most 200 characters',
      description: 'Description must be at most 5000 characters',
    });
    await setLanguage('de', { keep: false });
    expect(validateProduct(product)).toMatchObject({
      title: 'Der Titel darf höchstens 200 Zeichen lang sein',
      description: 'Die Beschreibung darf höchstens 5.000 Zeichen lang sein',
      category: 'Die Kategorie ist erforderlich',
    });
    expect(validateCategory({ ...category, name: 'A' }).name).toBe(
      'Der Name der Kategorie muss mindestens 2 Zeichen lang sein',
    );
  });
});
