import { PATH_CONTEXT_PARAM } from '@catalyst/contracts/search-terms';

// The addresses of the catalogue's pages, built in one place (every remote links to them).

/** A product page: by its short productId, else its _id (the page also accepts the slug). */
export const productPath = (product: { productId?: string | null; _id: string }): string =>
  `/browse/premium/product/${encodeURIComponent(product.productId || product._id)}`;

/** A learning path's item, opened from the path: its player counts down to the path's next item at the end. */
export const pathItemPath = (item: { publicId: string; productId: string }, pathSlug: string): string =>
  `${productPath({ productId: item.publicId, _id: item.productId })}?${PATH_CONTEXT_PARAM}=${encodeURIComponent(pathSlug)}`;

/** A product's public course page (the gateway renders it with its content for search engines and visitors). */
export const coursePagePath = (slug: string): string => `/courses/${encodeURIComponent(slug)}`;

/** A creator's public page: bio, links, courses, learners and rating; Follow. */
export const creatorPagePath = (slug: string): string => `/creators/${encodeURIComponent(slug)}`;

/** A category's creators: by its slug (the page also accepts an id, then shows the slug). */
export const categoryPath = (categoryKey: string): string =>
  `/browse/category/${encodeURIComponent(categoryKey)}`;

/** A creator's library within a category. */
export const creatorLibraryPath = (categoryKey: string, creatorId: string): string =>
  `${categoryPath(categoryKey)}/creator/${encodeURIComponent(creatorId)}`;

/** One lesson of a course: shareable, and a navigation of its own (back and forward move between lessons). */
export const lessonPath = (productKey: string, lessonId: string): string =>
  `/browse/premium/product/${encodeURIComponent(productKey)}/lesson/${encodeURIComponent(lessonId)}`;

/** The signed-in learner's learning record (courses, certificates, minutes per week, streaks, quizzes). */
export const LEARNING_RECORD_PATH = '/learning';

/** The signed-in member's saved list ("Save for later" on the catalogue's cards). */
export const SAVED_PATH = '/saved';

/** Browse → Paths: the published learning paths. */
export const PATHS_PATH = '/paths';

/** A learning path's page: its items in order (and, signed in, the learner's progress along it). */
export const learningPathPath = (slug: string): string => `${PATHS_PATH}/${encodeURIComponent(slug)}`;
