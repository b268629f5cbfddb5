import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@catalyst/web-kit';
import { categoryLoadFailure, categorySaveFailure, checkCategoryId } from './categoryMessages';

describe('category load failures (spec section 8)', () => {
  it('refuses an id that is not 24 characters and goes back after 2 seconds', () => {
    expect(checkCategoryId('abc')).toEqual({ message: 'Invalid category ID format', redirectAfterMs: 2000 });
    expect(checkCategoryId(undefined)).toEqual({
      message: 'Invalid category ID format',
      redirectAfterMs: 2000,
    });
    expect(checkCategoryId('a'.repeat(24))).toBeNull();
  });

  it('words each status as the spec does, with its redirect', () => {
    expect(categoryLoadFailure(new ApiRequestError('Category not found', 404))).toEqual({
      message: 'Category not found. It may have been deleted. Redirecting to categories list...',
      redirectAfterMs: 3000,
    });
    expect(categoryLoadFailure(new ApiRequestError('boom', 500))).toEqual({
      message: 'Server error while loading category. Please try again.',
    });
    expect(categoryLoadFailure(new ApiRequestError('bad id', 400))).toEqual({
      message: 'Invalid category ID. Redirecting to categories list...',
      redirectAfterMs: 2000,
    });
    expect(categoryLoadFailure(new ApiRequestError('Network error occurred', 0))).toEqual({
      message: 'Error loading category: Network error occurred',
    });
    expect(categoryLoadFailure(new Error(''))).toEqual({
      message: 'Failed to load category. Please try again.',
    });
  });
});

describe('category save failures (spec section 8)', () => {
  it('words a conflict, bad data and anything else', () => {
    expect(categorySaveFailure(new ApiRequestError('A category with this name already exists', 409))).toBe(
      'A category with this name already exists. Please choose a different name.',
    );
    expect(
      categorySaveFailure(
        new ApiRequestError('A category with this slug already exists', 409, [
          { field: 'slug', message: 'A category with this slug already exists' },
        ]),
      ),
    ).toBe('A category with this slug already exists. Please choose a different slug.');
    expect(categorySaveFailure(new ApiRequestError('Slug is required', 400))).toBe(
      'Invalid category data. Please check your inputs.',
    );
    expect(
      categorySaveFailure(
        new ApiRequestError('Service temporarily unavailable. Please try again shortly.', 503),
      ),
    ).toBe('Service temporarily unavailable. Please try again shortly.');
    expect(categorySaveFailure(new Error(''))).toBe('Failed to save category. Please try again.');
  });
});
