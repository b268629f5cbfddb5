import { z } from 'zod';
import { objectIdSchema, pageSchema } from '../api';
import { mediaUsageSchema } from '../media';
import {
  adminCategorySchema,
  adminCreatorSchema,
  adminIdParamSchema,
  adminProductSchema,
  adminStatsSchema,
  categoryInputSchema,
  creatorInputSchema,
  productBodySchema,
} from '../admin';
import {
  categoryListQuerySchema,
  categorySchema,
  creatorListQuerySchema,
  creatorSchema,
  idOrSlugSchema,
  premiumProductSchema,
  productDetailSchema,
  productFiltersSchema,
  productListQuerySchema,
  productLookupBodySchema,
  productSummarySchema,
  publicProductSchema,
  topProductsQuerySchema,
} from '../catalog';
import { certificateFactsSchema } from '../certificates';
import { quizKeySchema } from '../quiz';
import { recommendationsSchema } from '../recommendations';
import {
  SAVED_FULL_MESSAGE,
  savedIdsSchema,
  savedListQuerySchema,
  savedPageSchema,
  savedParamsSchema,
  savedStateSchema,
} from '../saved';
import {
  adminCurriculumSchema,
  courseLessonsSchema,
  curriculumBodySchema,
  curriculumOutlineSchema,
  lessonParamsSchema,
  lessonSchema,
} from '../course';
import {
  REVIEW_MESSAGES,
  helpfulResultSchema,
  moderatedReviewSchema,
  myReviewSchema,
  reportedReviewSchema,
  reviewBodySchema,
  reviewIdParamsSchema,
  reviewListQuerySchema,
  reviewPageSchema,
  reviewParamsSchema,
  reviewReplyBodySchema,
  reviewReportBodySchema,
  reviewReportQueueQuerySchema,
  reviewSchema,
} from '../reviews';
import { moderationReasonBodySchema } from '../community';
import {
  searchQuerySchema,
  searchResultSchema,
  searchSuggestionsSchema,
  suggestQuerySchema,
} from '../search';
import { PATH_MESSAGES, pathIdParamSchema, pathInputSchema, pathSchema, pathSummarySchema } from '../paths';
import { defineRoutes } from './define';

const service = 'content';
const idOrSlug = z.object({ idOrSlug: idOrSlugSchema });
const deleted = z.object({ _id: z.string() });
/** A product form carries a rich description: more room than the 64 KiB every other body gets. */
const PRODUCT_FORM_BYTES = 512 * 1024;

/**
 * The public catalogue: the same answer for everyone (no identity in it), so shared caches may reuse it
 * briefly. `/categories*` and `/content/categories*` are the same routes under the spec's two prefixes.
 */
export const categoryRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/categories',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'Active categories with their product counts, paged',
    query: categoryListQuerySchema,
    response: pageSchema(categorySchema),
  },
  get: {
    method: 'GET',
    path: '/categories/:idOrSlug',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'One category (id or slug)',
    params: idOrSlug,
    response: categorySchema,
  },
  listProducts: {
    method: 'GET',
    path: '/categories/:idOrSlug/products',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: "A category's products, filtered, sorted and paged",
    params: idOrSlug,
    query: productListQuerySchema,
    response: pageSchema(publicProductSchema),
  },
  listUnderContent: {
    method: 'GET',
    path: '/content/categories',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'Active categories with their product counts, paged',
    query: categoryListQuerySchema,
    response: pageSchema(categorySchema),
  },
  getUnderContent: {
    method: 'GET',
    path: '/content/categories/:idOrSlug',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'One category (id or slug)',
    params: idOrSlug,
    response: categorySchema,
  },
  listProductsUnderContent: {
    method: 'GET',
    path: '/content/categories/:idOrSlug/products',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: "A category's products, filtered, sorted and paged",
    params: idOrSlug,
    query: productListQuerySchema,
    response: pageSchema(publicProductSchema),
  },
  // Premium: the category page.
  getPremium: {
    method: 'GET',
    path: '/content/premium/categories/:idOrSlug',
    service,
    access: 'premium',
    cache: 'premium',
    summary: 'One category, for the category page',
    params: idOrSlug,
    response: categorySchema,
  },
  // Admin.
  adminList: {
    method: 'GET',
    path: '/admin/categories',
    service,
    access: 'admin',
    summary: 'Every category, inactive ones too, with product counts',
    response: z.array(adminCategorySchema),
  },
  adminGet: {
    method: 'GET',
    path: '/admin/categories/:id',
    service,
    access: 'admin',
    summary: 'One category',
    params: adminIdParamSchema('category'),
    response: adminCategorySchema,
  },
  create: {
    refuses: { 409: 'Another category has this name or slug' },
    method: 'POST',
    path: '/admin/categories',
    service,
    access: 'admin',
    status: 201,
    summary: 'Create a category',
    body: categoryInputSchema,
    response: adminCategorySchema,
  },
  replace: {
    refuses: { 409: 'Another category has this name or slug' },
    method: 'PUT',
    path: '/admin/categories/:id',
    service,
    access: 'admin',
    summary: 'Replace a category',
    params: adminIdParamSchema('category'),
    body: categoryInputSchema,
    response: adminCategorySchema,
  },
  remove: {
    refuses: { 409: 'The category still has products' },
    method: 'DELETE',
    path: '/admin/categories/:id',
    service,
    access: 'admin',
    summary: 'Delete a category that holds no products',
    params: adminIdParamSchema('category'),
    response: deleted,
  },
});

/** Creators: the category page's creators and a creator's library (premium), and their administration. */
export const creatorRoutes = defineRoutes({
  listOfCategory: {
    method: 'GET',
    path: '/users/premium/categories/:idOrSlug/creators',
    service,
    access: 'premium',
    cache: 'premium',
    summary: 'Creators with their product count in a category',
    params: idOrSlug,
    query: creatorListQuerySchema,
    response: z.array(creatorSchema),
  },
  listProducts: {
    method: 'GET',
    path: '/users/premium/products/:creator',
    service,
    access: 'premium',
    cache: 'premium',
    summary: "A creator's library across categories (with video addresses)",
    params: z.object({ creator: idOrSlugSchema }),
    query: productFiltersSchema,
    response: z.array(premiumProductSchema),
  },
  listProductsInCategory: {
    method: 'GET',
    path: '/users/premium/products/:creator/category/:category',
    service,
    access: 'premium',
    cache: 'premium',
    summary: "A creator's library in one category (with video addresses)",
    params: z.object({ creator: idOrSlugSchema, category: idOrSlugSchema }),
    query: productFiltersSchema,
    response: z.array(premiumProductSchema),
  },
  adminList: {
    method: 'GET',
    path: '/admin/creators',
    service,
    access: 'admin',
    summary: 'Every creator, inactive ones too, with product counts',
    response: z.array(adminCreatorSchema),
  },
  adminGet: {
    method: 'GET',
    path: '/admin/creators/:id',
    service,
    access: 'admin',
    summary: 'One creator',
    params: adminIdParamSchema('creator'),
    response: adminCreatorSchema,
  },
  create: {
    refuses: { 409: 'Another creator has this name or slug' },
    method: 'POST',
    path: '/admin/creators',
    service,
    access: 'admin',
    status: 201,
    summary: 'Create a creator',
    body: creatorInputSchema,
    response: adminCreatorSchema,
  },
  replace: {
    refuses: { 409: 'Another creator has this name or slug' },
    method: 'PUT',
    path: '/admin/creators/:id',
    service,
    access: 'admin',
    summary: 'Replace a creator',
    params: adminIdParamSchema('creator'),
    body: creatorInputSchema,
    response: adminCreatorSchema,
  },
  remove: {
    refuses: { 409: 'The creator still has products' },
    method: 'DELETE',
    path: '/admin/creators/:id',
    service,
    access: 'admin',
    summary: 'Delete a creator who has no products',
    params: adminIdParamSchema('creator'),
    response: deleted,
  },
});

/** Products: the public catalogue, the premium list and product page, and their administration. */
export const productRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/content/products',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'Visible products, filtered, sorted and paged (never the video or content)',
    query: productListQuerySchema,
    response: pageSchema(publicProductSchema),
  },
  top: {
    method: 'GET',
    path: '/content/products/top',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'Featured products for the dashboard',
    query: topProductsQuerySchema,
    response: z.array(publicProductSchema),
  },
  get: {
    method: 'GET',
    path: '/content/products/:idOrSlug',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: "A visitor's view of one product (slug, productId or _id)",
    params: idOrSlug,
    response: publicProductSchema,
  },
  listPremium: {
    method: 'GET',
    path: '/content/premium/products',
    service,
    access: 'premium',
    cache: 'premium',
    summary: 'Products with their (signed) video addresses, filtered, sorted and paged',
    query: productListQuerySchema,
    response: pageSchema(premiumProductSchema),
  },
  getPremium: {
    method: 'GET',
    path: '/content/premium/products/:idOrSlug',
    service,
    access: 'premium',
    premium: { product: 'params.idOrSlug' },
    summary:
      'The product page: video, content and related content (a free product opens to every signed-in user)',
    params: idOrSlug,
    response: productDetailSchema,
  },
  adminList: {
    method: 'GET',
    path: '/admin/products',
    service,
    access: 'admin',
    summary: 'Every product, drafts too, filtered, sorted and paged',
    query: productListQuerySchema,
    response: pageSchema(adminProductSchema),
  },
  adminGet: {
    method: 'GET',
    path: '/admin/products/:id',
    service,
    access: 'admin',
    summary: 'One product',
    params: adminIdParamSchema('product'),
    response: adminProductSchema,
  },
  create: {
    refuses: { 409: 'Another product has this slug' },
    method: 'POST',
    path: '/admin/products',
    service,
    access: 'admin',
    status: 201,
    summary: 'Create a product',
    body: productBodySchema,
    maxBodyBytes: PRODUCT_FORM_BYTES,
    response: adminProductSchema,
  },
  replace: {
    refuses: { 409: 'Another product has this slug' },
    method: 'PUT',
    path: '/admin/products/:id',
    service,
    access: 'admin',
    summary: 'Replace a product (the list toggles send it back with one flag flipped)',
    params: adminIdParamSchema('product'),
    body: productBodySchema,
    maxBodyBytes: PRODUCT_FORM_BYTES,
    response: adminProductSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/products/:id',
    service,
    access: 'admin',
    summary: 'Delete a product and its progress records',
    params: adminIdParamSchema('product'),
    response: deleted,
  },
});

/** A whole curriculum in one save: 1,000 lessons with their articles. Below the gateway's body limit. */
const CURRICULUM_FORM_BYTES = 1_000_000;

/**
 * Courses' curricula: the public outline (never a locked lesson's media), one lesson for whoever may open it
 * (a free preview for anyone, visitors included; any other lesson by the product's rule, the spec's 403
 * otherwise), and the admin's editor (one transactional save with a version check).
 */
export const curriculumRoutes = defineRoutes({
  outline: {
    method: 'GET',
    path: '/content/products/:idOrSlug/curriculum',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary:
      "A course's outline: sections and lessons with kinds, durations and free-preview flags (empty for a single-video product)",
    params: idOrSlug,
    response: curriculumOutlineSchema,
  },
  lesson: {
    method: 'GET',
    path: '/content/products/:idOrSlug/lessons/:lessonId',
    service,
    access: 'public',
    summary:
      'One lesson with its video or article and signed resource links: a free preview for anyone, any other lesson as its product opens (401 for visitors, 403 without the plan)',
    params: lessonParamsSchema,
    response: lessonSchema,
  },
  adminGet: {
    method: 'GET',
    path: '/admin/products/:id/curriculum',
    service,
    access: 'admin',
    summary: "A product's whole curriculum for the editor, with its version",
    params: adminIdParamSchema('product'),
    response: adminCurriculumSchema,
  },
  replace: {
    refuses: { 409: 'The curriculum was saved by someone else since it was loaded (its version moved on)' },
    method: 'PUT',
    path: '/admin/products/:id/curriculum',
    service,
    access: 'admin',
    summary:
      "Replace a product's curriculum in one transaction (409 when another admin saved since `version`)",
    params: adminIdParamSchema('product'),
    body: curriculumBodySchema,
    maxBodyBytes: CURRICULUM_FORM_BYTES,
    response: adminCurriculumSchema,
  },
});

/**
 * A member's saved list ("Save for later"): signed-in only, each person sees and changes their own. Saving
 * and removing are idempotent; a product that is unknown or not published is a 404.
 */
export const savedRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/content/saved',
    service,
    access: 'user',
    summary: "The member's saved products, newest first, paged by cursor",
    query: savedListQuerySchema,
    response: savedPageSchema,
  },
  // Beside /content/saved/:productId rather than under it: PUT /content/saved/ids would be a save of "ids".
  ids: {
    method: 'GET',
    path: '/content/saved-ids',
    service,
    access: 'user',
    summary: 'The ids of every product the member saved (the bookmark state on cards)',
    response: savedIdsSchema,
  },
  save: {
    refuses: { 409: SAVED_FULL_MESSAGE },
    method: 'PUT',
    path: '/content/saved/:productId',
    service,
    access: 'user',
    summary: 'Save a published product for later (saving it again changes nothing)',
    params: savedParamsSchema,
    response: savedStateSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/content/saved/:productId',
    service,
    access: 'user',
    summary: 'Remove a product from the saved list (removing it again changes nothing)',
    params: savedParamsSchema,
    response: savedStateSchema,
  },
});

/**
 * The dashboard's recommendation rows. Content answers them: the rows are product cards, listed by the
 * catalogue's own rules (listed, category, rating, age); the personal signals are asked of progress.
 */
export const recommendationRoutes = defineRoutes({
  rows: {
    method: 'GET',
    path: '/content/recommendations',
    service,
    access: 'public',
    summary:
      "The dashboard's rows, each saying why: because you watched, popular in your category, new, top rated (a visitor: popular and new)",
    response: recommendationsSchema,
  },
});

/**
 * Ratings and reviews of a product: one per learner, once they have watched enough of it (progress says how
 * much); helpful votes and reports by others, a reply by the product's creator or an admin, and the
 * moderators' queue of reported reviews. The product's average and count are kept on its row.
 */
export const reviewRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/content/products/:idOrSlug/reviews',
    service,
    access: 'public',
    summary:
      "A product's visible reviews with its rating: most helpful, newest or highest rating first, paged by cursor",
    params: idOrSlug,
    query: reviewListQuerySchema,
    response: reviewPageSchema,
  },
  mine: {
    method: 'GET',
    path: '/content/products/:idOrSlug/reviews/mine',
    service,
    access: 'user',
    summary:
      "The caller's own review of a product, and whether they may write one (how much to watch when not)",
    params: idOrSlug,
    response: myReviewSchema,
  },
  saveMine: {
    refuses: { 403: 'Not enough of the product watched yet (the message says how much is needed)' },
    method: 'PUT',
    path: '/content/products/:idOrSlug/reviews/mine',
    service,
    access: 'user',
    summary: "Rate a product 1–5 with an optional Markdown review, or change one's rating and review",
    params: idOrSlug,
    body: reviewBodySchema,
    response: reviewSchema,
  },
  deleteMine: {
    method: 'DELETE',
    path: '/content/products/:idOrSlug/reviews/mine',
    service,
    access: 'user',
    summary: "Delete one's own review of a product",
    params: idOrSlug,
    response: z.object({ _id: objectIdSchema }),
  },
  helpful: {
    refuses: { 409: `${REVIEW_MESSAGES.alreadyHelpful}, or it is your own` },
    method: 'POST',
    path: '/content/products/:idOrSlug/reviews/:reviewId/helpful',
    service,
    access: 'user',
    summary: 'Mark a review as helpful (once per person, never one of your own)',
    params: reviewParamsSchema,
    response: helpfulResultSchema,
  },
  report: {
    refuses: { 409: `${REVIEW_MESSAGES.alreadyReported}, or it is your own` },
    method: 'POST',
    path: '/content/products/:idOrSlug/reviews/:reviewId/report',
    service,
    access: 'user',
    summary: 'Report a review to the moderators (once per person)',
    params: reviewParamsSchema,
    body: reviewReportBodySchema,
    response: z.object({ reviewId: objectIdSchema, reported: z.literal(true) }),
  },
  reply: {
    refuses: { 403: REVIEW_MESSAGES.replyForbidden },
    method: 'PUT',
    path: '/content/products/:idOrSlug/reviews/:reviewId/reply',
    service,
    access: 'user',
    summary: "Write or change the reply under a review (the product's creator or an admin; 403 otherwise)",
    params: reviewParamsSchema,
    body: reviewReplyBodySchema,
    response: reviewSchema,
  },
  reports: {
    method: 'GET',
    path: '/admin/reviews/reports',
    service,
    access: 'admin',
    summary: 'Reported reviews with their reports, most reported first (the moderation queue beside posts)',
    query: reviewReportQueueQuerySchema,
    response: pageSchema(reportedReviewSchema),
  },
  dismissReports: {
    method: 'POST',
    path: '/admin/reviews/:reviewId/dismiss',
    service,
    access: 'admin',
    summary: "Close a review's reports without acting on it",
    params: reviewIdParamsSchema,
    body: moderationReasonBodySchema,
    response: moderatedReviewSchema,
  },
  hide: {
    method: 'POST',
    path: '/admin/reviews/:reviewId/hide',
    service,
    access: 'admin',
    summary: "Hide a review from readers and from the product's rating (kept, and can be restored)",
    params: reviewIdParamsSchema,
    body: moderationReasonBodySchema,
    response: moderatedReviewSchema,
  },
  restore: {
    method: 'POST',
    path: '/admin/reviews/:reviewId/restore',
    service,
    access: 'admin',
    summary: 'Show a hidden review again (it counts in the rating again)',
    params: reviewIdParamsSchema,
    body: moderationReasonBodySchema,
    response: moderatedReviewSchema,
  },
});

/**
 * Learning paths (issue 57): published paths under Browse → Paths, the same answer for everyone; the admin's
 * list and form (`/admin/paths`).
 */
export const pathRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/content/paths',
    service,
    access: 'public',
    cache: 'shared',
    summary: 'Published learning paths, newest first',
    response: z.array(pathSummarySchema),
  },
  get: {
    method: 'GET',
    path: '/content/paths/:idOrSlug',
    service,
    access: 'public',
    cache: 'shared',
    summary: 'A published learning path (id or slug) with its published items in order',
    params: idOrSlug,
    response: pathSchema,
  },
  adminList: {
    method: 'GET',
    path: '/admin/paths',
    service,
    access: 'admin',
    summary: 'Every learning path, drafts too, newest first',
    response: z.array(pathSummarySchema),
  },
  adminGet: {
    method: 'GET',
    path: '/admin/paths/:id',
    service,
    access: 'admin',
    summary: 'One learning path with every item, drafts included',
    params: pathIdParamSchema,
    response: pathSchema,
  },
  create: {
    refuses: { 409: PATH_MESSAGES.slugTaken },
    method: 'POST',
    path: '/admin/paths',
    service,
    access: 'admin',
    status: 201,
    summary: 'Create a learning path (400 for a product that does not exist)',
    body: pathInputSchema,
    response: pathSchema,
  },
  replace: {
    refuses: { 409: PATH_MESSAGES.slugTaken },
    method: 'PUT',
    path: '/admin/paths/:id',
    service,
    access: 'admin',
    summary: 'Replace a learning path: its fields and its items in order',
    params: pathIdParamSchema,
    body: pathInputSchema,
    response: pathSchema,
  },
  remove: {
    method: 'DELETE',
    path: '/admin/paths/:id',
    service,
    access: 'admin',
    summary: 'Delete a learning path (certificates already earned stay)',
    params: pathIdParamSchema,
    response: deleted,
  },
});

/** The admin dashboard's figures. */
export const statsRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/admin/stats',
    service,
    access: 'admin',
    summary: "The dashboard's figures (users and subscribers are null when their service is down)",
    response: adminStatsSchema,
  },
});

/** Peers' calls into content (shared secret; never through the gateway). Summaries include drafts. */
export const contentInternalRoutes = defineRoutes({
  product: {
    method: 'GET',
    path: '/internal/products/:idOrSlug',
    service,
    access: 'internal',
    summary: "A product's summary, drafts included",
    params: idOrSlug,
    response: productSummarySchema,
  },
  lookupProducts: {
    method: 'POST',
    path: '/internal/products/lookup',
    service,
    access: 'internal',
    summary: 'Summaries of the given products',
    body: productLookupBodySchema,
    response: z.array(productSummarySchema),
  },
  mediaUsage: {
    method: 'POST',
    path: '/internal/media-usage',
    service,
    access: 'internal',
    summary: 'The products that use each of the given media assets (drafts included)',
    body: z.object({ assetIds: z.array(objectIdSchema).max(100) }),
    response: z.record(z.string(), z.array(mediaUsageSchema)),
  },
  quizKey: {
    method: 'GET',
    path: '/internal/products/:idOrSlug/lessons/:lessonId/quiz',
    service,
    access: 'internal',
    summary: "A quiz lesson's questions with their answers (progress grades attempts with them)",
    params: lessonParamsSchema,
    response: quizKeySchema,
  },
  certificateFacts: {
    method: 'GET',
    path: '/internal/products/:idOrSlug/certificate-facts',
    service,
    access: 'internal',
    summary: 'What a certificate of the course states: title, creator, length',
    params: idOrSlug,
    response: certificateFactsSchema,
  },
  courseLessons: {
    method: 'GET',
    path: '/internal/products/:idOrSlug/lessons',
    service,
    access: 'internal',
    summary: "A course's lessons in order, drafts included (empty for a single-video product)",
    params: idOrSlug,
    response: courseLessonsSchema,
  },
  deleteUserData: {
    method: 'DELETE',
    path: '/internal/users/:userId',
    service,
    access: 'internal',
    summary:
      "A deleted account's data in content goes with it (its saved list, its reviews and helpful votes; how many saved items and reviews)",
    params: z.object({ userId: objectIdSchema }),
    response: z.object({ deleted: z.number().int() }),
  },
  path: {
    method: 'GET',
    path: '/internal/paths/:idOrSlug',
    service,
    access: 'internal',
    summary:
      'A learning path with its published items in order (drafts too: progress asks for followed paths)',
    params: idOrSlug,
    response: pathSchema,
  },
  categoryProducts: {
    method: 'GET',
    path: '/internal/categories/:idOrSlug/products',
    service,
    access: 'internal',
    summary: "Summaries of a category's published products",
    params: idOrSlug,
    response: z.array(productSummarySchema),
  },
});

/**
 * Catalogue-wide search (services/content/src/search): public, so a visitor sees what exists; opening a premium
 * result keeps its product's rules. The same answer for everyone, so shared caches may reuse it briefly.
 */
export const searchRoutes = defineRoutes({
  search: {
    method: 'GET',
    path: '/search',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'Search categories, creators, products, lessons and captions, with snippets and facets',
    query: searchQuerySchema,
    response: searchResultSchema,
  },
  suggest: {
    method: 'GET',
    path: '/search/suggest',
    service,
    access: 'public',
    scopes: ['catalog:read'],
    cache: 'shared',
    summary: 'The best 8 results across kinds for what is typed so far',
    query: suggestQuerySchema,
    response: searchSuggestionsSchema,
  },
});
