// The admin area's words and plain rules, without zod: what the admin remote's lists import, so a list page
// does not download the schemas (admin.ts re-exports them beside its request and response schemas).

// ---------- slugs (spec section 5) ----------

/**
 * The slug rule of section 5: lower-cased, trimmed, disallowed characters removed, spaces to hyphens,
 * repeated hyphens collapsed, edge hyphens trimmed. Used on create (from the name), as the admin types,
 * and by the server on save.
 */
export function normaliseSlug(value: string): string {
  return value
    .toLowerCase()
    .trim()
    .replace(/[^a-z0-9\s-]/g, '')
    .replace(/\s+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-+|-+$/g, '');
}

export const SLUG_PATTERN = /^[a-z0-9-]+$/;

// ---------- messages (spec section 8, verbatim) ----------

export const categoryFormMessages = {
  nameRequired: 'Category name is required',
  nameMin: 'Category name must be at least 2 characters',
  nameMax: 'Category name must be less than 50 characters',
  descriptionRequired: 'Description is required',
  descriptionMin: 'Description must be at least 10 characters',
  slugRequired: 'Slug is required',
  slugPattern: 'Slug can only contain lowercase letters, numbers, and hyphens',
  sortOrderNegative: 'Sort order cannot be negative',
} as const;

export const productFormMessages = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  categoryRequired: 'Category is required',
  durationNumber: 'Duration must be a number',
} as const;

/** Creators follow the category form's rules; the spec gives no texts of its own for them. */
export const creatorFormMessages = {
  nameRequired: 'Creator name is required',
  nameMin: 'Creator name must be at least 2 characters',
  nameMax: 'Creator name must be less than 50 characters',
  slugRequired: categoryFormMessages.slugRequired,
  slugPattern: categoryFormMessages.slugPattern,
  sortOrderNegative: categoryFormMessages.sortOrderNegative,
} as const;

/** The client's texts around saving, loading and deleting (section 8, verbatim). */
export const adminMessages = {
  categoryConflict: 'A category with this name already exists. Please choose a different name.',
  /** Not a spec text: the spec's conflict message names the name, which misleads when only the slug is taken. */
  categorySlugConflict: 'A category with this slug already exists. Please choose a different slug.',
  categoryInvalid: 'Invalid category data. Please check your inputs.',
  categorySaveFailed: 'Failed to save category. Please try again.',
  categoryUpdated: 'Category updated successfully!',
  categoryCreated: 'Category created successfully!',
  categoryDeleted: 'Category deleted successfully!',
  categoryInvalidIdFormat: 'Invalid category ID format',
  categoryNotFound: 'Category not found. It may have been deleted. Redirecting to categories list...',
  categoryServerError: 'Server error while loading category. Please try again.',
  categoryInvalidId: 'Invalid category ID. Redirecting to categories list...',
  categoryLoadFailed: 'Failed to load category. Please try again.',
  productDeleted: 'Product deleted successfully!',
} as const;

export const CATEGORY_ID_LENGTH = 24;

/** The 16 preset category icons and 8 preset colours of the category form (spec section 9). */
export const CATEGORY_ICONS = [
  '📁',
  '📚',
  '💻',
  '🎨',
  '🎵',
  '📷',
  '🎬',
  '🧠',
  '🔬',
  '📈',
  '💼',
  '🌍',
  '🏋️',
  '🍳',
  '✍️',
  '🚀',
] as const;
export const CATEGORY_COLORS = [
  '#f59e0b',
  '#ef4444',
  '#10b981',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
  '#14b8a6',
  '#6366f1',
] as const;
export const DEFAULT_CREATOR_ICON = '🎓';
export const DEFAULT_CREATOR_COLOR = '#6366f1';

/** Splits the comma-separated tags of the form (section 5): trimmed, empty entries dropped. */
export function parseTags(value: string): string[] {
  return value
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t.length > 0);
}
