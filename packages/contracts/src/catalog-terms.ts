// The catalogue's words and rules, without zod: what browsers import (filters, labels, badges). A remote
// that imports them does not download the schemas (catalog.ts re-exports them beside its schemas).

/**
 * The one list of content types: what the product promises (spec section 1: courses, tutorials, videos,
 * documents, webinars). The library's Type filter, the admin form, the demo data and every schema read it.
 * Workshops are courses and articles are documents (migration 2026-11-24T06-30-00_one_list_of_types).
 */
export const PRODUCT_TYPES = ['course', 'tutorial', 'video', 'document', 'webinar'] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
/** How a person reads each type, in filters, forms and badges. */
export const PRODUCT_TYPE_LABELS: Record<ProductType, string> = {
  course: 'Course',
  tutorial: 'Tutorial',
  video: 'Video',
  document: 'Document',
  webinar: 'Webinar',
};

/** A product is 'New' for this many days after it is published (its createdAt). */
export const NEW_PRODUCT_DAYS = 14;

/** The one rule behind every 'New' badge: published in the last NEW_PRODUCT_DAYS days. */
export function isNewProduct(createdAt: string, now: number = Date.now()): boolean {
  const published = Date.parse(createdAt);
  return Number.isFinite(published) && now - published < NEW_PRODUCT_DAYS * 86_400_000;
}

export const DIFFICULTIES = ['beginner', 'intermediate', 'advanced'] as const;
export type Difficulty = (typeof DIFFICULTIES)[number];

/** How a product list may be sorted ('rating': best rated first, then most rated; unrated last). */
export const PRODUCT_SORTS = ['sortOrder', 'title', 'newest', 'duration', 'rating'] as const;
export type ProductSort = (typeof PRODUCT_SORTS)[number];

/** The message of every premium refusal (architecture rule 3); the client redirects to /subscription on it. */
export const PREMIUM_REQUIRED_MESSAGE = 'Active subscription required to access this content';

export const DEFAULT_CATEGORY_COLOR = '#f59e0b';

/**
 * A product priced 0 is free: it opens for every signed-in user, plan or not (the Terms: "Some of it is
 * open to every visitor"; the catalogue shows it as 'Free'). Everything else, unpriced included, is Premium.
 */
export const isFreeProduct = (product: { price: number | null }): boolean => product.price === 0;

/** Durations are whole minutes (spec section 9): a lesson's real length, a short one counting as one minute. */
export const minutesOf = (seconds: number): number => Math.max(1, Math.ceil(seconds / 60));
