// Contracts of the catalog area: request and response schemas shared by the content service and its remotes.
import { z } from 'zod';
import { LISTING_WINDOW, objectIdSchema, pagingQuerySchema } from './api';

import { DIFFICULTIES, PRODUCT_SORTS, PRODUCT_TYPES } from './catalog-terms';
import { catalogMessage } from './form-messages/catalog';
import { oneOf } from './form-messages/fill';
import { productStreamSchema } from './media';

export * from './catalog-terms';

export const productTypeSchema = z.enum(PRODUCT_TYPES, {
  message: catalogMessage('product.typeInvalid', oneOf(PRODUCT_TYPES)),
});
export const difficultySchema = z.enum(DIFFICULTIES, {
  message: catalogMessage('product.difficultyInvalid', oneOf(DIFFICULTIES)),
});

// ---------- entities as the API returns them ----------

export const categorySchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  icon: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  /** Published products in the category. */
  productCount: z.number().int().optional(),
});
export type Category = z.infer<typeof categorySchema>;

export const creatorSchema = z.object({
  _id: objectIdSchema,
  /** Same value as _id; the spec's creator entries carry `id`. */
  id: objectIdSchema,
  name: z.string(),
  description: z.string(),
  slug: z.string(),
  icon: z.string(),
  color: z.string(),
  isActive: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  /** Published products of the creator (in the category, when listed for a category). */
  productCount: z.number().int().optional(),
});
export type Creator = z.infer<typeof creatorSchema>;

const refSchema = z.object({ _id: objectIdSchema, name: z.string(), slug: z.string() });
export type Ref = z.infer<typeof refSchema>;

/** What any visitor may see of a product: never the video or the HTML content. */
export const publicProductSchema = z.object({
  _id: objectIdSchema,
  productId: z.string(),
  slug: z.string(),
  title: z.string(),
  description: z.string(),
  categoryId: objectIdSchema,
  category: refSchema,
  creatorId: objectIdSchema,
  creator: refSchema,
  type: productTypeSchema,
  difficulty: difficultySchema,
  /** Minutes; null when unknown. */
  duration: z.number().int().nullable(),
  /** The exact length in seconds when it comes from the media or a curriculum (shown as '30 s'), else null. */
  durationSeconds: z.number().int().nullable().optional(),
  thumbnail: z.string().nullable(),
  tags: z.array(z.string()),
  /** Dollars with two decimals; null when not priced ('N/A'), 0 shown as 'Free'. */
  price: z.number().nullable(),
  instructor: z.string().nullable(),
  enrolledStudents: z.number().int(),
  isActive: z.boolean(),
  isPublished: z.boolean(),
  isFeatured: z.boolean(),
  sortOrder: z.number().int(),
  createdAt: z.string(),
  /** The mean of its reviews' stars (two decimals), kept on the product; null before the first review. */
  ratingAverage: z.number().nullable().optional(),
  /** How many reviews it has (what the average is of). */
  ratingCount: z.number().int().optional(),
});
export type PublicProduct = z.infer<typeof publicProductSchema>;

/** A product in a premium list: adds the video address. */
export const premiumProductSchema = publicProductSchema.extend({ videoUrl: z.string().nullable() });
export type PremiumProduct = z.infer<typeof premiumProductSchema>;

/**
 * The product page: everything, with the HTML content and related content. It names the creator and the
 * instructor, never the staff account that entered it (createdBy is in admin answers only).
 */
export const productDetailSchema = premiumProductSchema.extend({
  content: z.string().nullable(),
  /** The uploaded video's adaptive stream once it is ready (videoUrl plays until then), else null. */
  stream: productStreamSchema.nullable(),
  related: z.array(publicProductSchema),
});
export type ProductDetail = z.infer<typeof productDetailSchema>;

/** What other services learn about a product (progress, admin). */
export const productSummarySchema = z.object({
  _id: objectIdSchema,
  productId: z.string(),
  slug: z.string(),
  title: z.string(),
  thumbnail: z.string().nullable(),
  duration: z.number().int().nullable(),
  /** The exact length in seconds, when known from the media (a 24 s clip); `duration` is whole minutes. */
  durationSeconds: z.number().nullable().optional(),
  type: productTypeSchema,
  categoryId: objectIdSchema,
  creatorId: objectIdSchema,
  isPublished: z.boolean(),
  /** Dollars; 0 is free (open to every signed-in user). Absent from an older answer: premium. */
  price: z.number().nullable().default(null),
});
export type ProductSummary = z.infer<typeof productSummarySchema>;

// ---------- query parameters ----------

/** An absent or blank query parameter means "no filter". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), schema.optional());

const searchParamSchema = optionalParam(z.string().trim().max(100, 'Search must be at most 100 characters'));

/** An id or a slug in a path or filter. */
export const idOrSlugSchema = z
  .string()
  .trim()
  .min(1, 'An id or slug is required')
  .max(120, 'An id or slug is at most 120 characters')
  .regex(/^[A-Za-z0-9-]+$/, 'An id or slug may contain only letters, digits and hyphens');

export const productSortSchema = z.enum(PRODUCT_SORTS, {
  message: `Sort must be one of: ${PRODUCT_SORTS.join(', ')}`,
});

const CATEGORY_SORTS = ['sortOrder', 'name', 'newest'] as const;
const categorySortSchema = z.enum(CATEGORY_SORTS, {
  message: `Sort must be one of: ${CATEGORY_SORTS.join(', ')}`,
});
export type CategorySort = z.infer<typeof categorySortSchema>;

const booleanParam = z
  .enum(['true', 'false'], { message: 'Must be true or false' })
  .transform((v) => v === 'true');

export const productFiltersSchema = z.object({
  search: searchParamSchema,
  type: optionalParam(productTypeSchema),
  difficulty: optionalParam(difficultySchema),
  category: optionalParam(idOrSlugSchema),
  creator: optionalParam(idOrSlugSchema),
  featured: optionalParam(booleanParam),
  /** Only products rated at least this many stars on average (1–5); unrated ones are left out. */
  minRating: optionalParam(
    z.coerce
      .number({ error: 'Minimum rating must be a number from 1 to 5' })
      .min(1, 'Minimum rating must be a number from 1 to 5')
      .max(5, 'Minimum rating must be a number from 1 to 5'),
  ),
  sort: optionalParam(productSortSchema).transform((v) => v ?? 'sortOrder'),
});

/** A page must start inside the listing window (offset paging walks the rows it skips). */
export const listingWindowMessage = (limit: number) =>
  `Page is beyond the first ${LISTING_WINDOW} results: at ${limit} per page the last page is ${Math.ceil(LISTING_WINDOW / limit)}; narrow the search or filters to see more`;
const withinListingWindow = (query: { page: number; limit: number }, ctx: z.RefinementCtx) => {
  if ((query.page - 1) * query.limit >= LISTING_WINDOW)
    ctx.addIssue({ code: 'custom', path: ['page'], message: listingWindowMessage(query.limit) });
};

export const productListQuerySchema = productFiltersSchema
  .extend(pagingQuerySchema.shape)
  .superRefine(withinListingWindow);
export type ProductListQuery = z.infer<typeof productListQuerySchema>;

export const categoryListQuerySchema = z
  .object({
    search: searchParamSchema,
    sort: optionalParam(categorySortSchema).transform((v) => v ?? 'sortOrder'),
  })
  .extend(pagingQuerySchema.shape)
  .superRefine(withinListingWindow);
export type CategoryListQuery = z.infer<typeof categoryListQuerySchema>;

export const creatorListQuerySchema = z.object({
  search: searchParamSchema,
  sort: optionalParam(categorySortSchema).transform((v) => v ?? 'sortOrder'),
});

export const topProductsQuerySchema = z.object({
  limit: optionalParam(z.coerce.number().int().min(1).max(50)).transform((v) => v ?? 12),
});

// ---------- internal calls ----------

export const productLookupBodySchema = z.object({
  ids: z.array(objectIdSchema).max(500, 'At most 500 ids per lookup'),
});
