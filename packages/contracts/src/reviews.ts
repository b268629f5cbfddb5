// Contracts of ratings and reviews: what the content service answers and accepts (issue 55).
import { z } from 'zod';
import { objectIdSchema } from './api';
import { idOrSlugSchema } from './catalog';
import {
  cursorPageSchema,
  reportQueueQuerySchema,
  reportReasonSchema,
  reportStatusSchema,
} from './community';
import { REVIEW_LIMITS, REVIEW_SORTS } from './review-terms';

export * from './review-terms';

const reviewMarkdownSchema = z
  .string()
  .trim()
  .max(REVIEW_LIMITS.bodyMax, `A review must be at most ${REVIEW_LIMITS.bodyMax} characters`);

/** A reply under a review, by the product's creator or an admin. */
export const reviewReplySchema = z.object({
  /** The Markdown as written (the form edits it). */
  body: z.string(),
  /** Rendered and sanitised on the server, as posts are. */
  bodyHtml: z.string(),
  by: z.object({ name: z.string(), isCreator: z.boolean() }),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type ReviewReply = z.infer<typeof reviewReplySchema>;

export const reviewSchema = z.object({
  _id: objectIdSchema,
  productId: objectIdSchema,
  rating: z.number().int().min(REVIEW_LIMITS.ratingMin).max(REVIEW_LIMITS.ratingMax),
  /** The Markdown as written; empty for a rating without words. */
  body: z.string(),
  /** Rendered and sanitised on the server, as posts are. */
  bodyHtml: z.string(),
  author: z.object({ _id: objectIdSchema, name: z.string() }),
  helpfulCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
  reply: reviewReplySchema.nullable(),
});
export type Review = z.infer<typeof reviewSchema>;

/** A product's rating as kept on its row (no reviews: average null, count 0). */
export const productRatingSchema = z.object({
  average: z.number().nullable(),
  count: z.number().int(),
});
export type ProductRating = z.infer<typeof productRatingSchema>;

export const reviewSortSchema = z.enum(REVIEW_SORTS, {
  message: `Sort must be one of: ${REVIEW_SORTS.join(', ')}`,
});

export const reviewListQuerySchema = z.object({
  sort: z.preprocess((v) => (v === '' ? undefined : v), reviewSortSchema.default('helpful')),
  /** Opaque keyset cursor from the previous page's `nextCursor`. */
  cursor: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(REVIEW_LIMITS.pageMax).default(10),
});
export type ReviewListQuery = z.infer<typeof reviewListQuerySchema>;

/** A page of a product's visible reviews, with the product's rating. */
export const reviewPageSchema = cursorPageSchema(reviewSchema).extend({ rating: productRatingSchema });
export type ReviewPage = z.infer<typeof reviewPageSchema>;

/** The signed-in learner's own review, and whether they may write one (with the refusal's words when not). */
export const myReviewSchema = z.object({
  review: reviewSchema.nullable(),
  eligibility: z.object({
    allowed: z.boolean(),
    /** Whole percent of the product watched. */
    progress: z.number().int(),
    /** Why not, with how much is needed; null when allowed. */
    message: z.string().nullable(),
  }),
});
export type MyReview = z.infer<typeof myReviewSchema>;

export const reviewBodySchema = z.object({
  rating: z.coerce
    .number({ error: 'Choose a rating from 1 to 5 stars' })
    .int('Choose a rating from 1 to 5 stars')
    .min(REVIEW_LIMITS.ratingMin, 'Choose a rating from 1 to 5 stars')
    .max(REVIEW_LIMITS.ratingMax, 'Choose a rating from 1 to 5 stars'),
  body: reviewMarkdownSchema.default(''),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

export const reviewReplyBodySchema = z.object({
  body: reviewMarkdownSchema.min(1, 'Write a reply'),
});

export const reviewReportBodySchema = z.object({
  reason: reportReasonSchema,
  note: z.string().trim().max(500, 'Note must be at most 500 characters').optional(),
});

export const reviewParamsSchema = z.object({ idOrSlug: idOrSlugSchema, reviewId: objectIdSchema });

export const helpfulResultSchema = z.object({
  reviewId: objectIdSchema,
  helpfulCount: z.number().int(),
  helpfulByMe: z.literal(true),
});

// ---------- moderation ----------

export const reviewStatusSchema = z.enum(['visible', 'hidden']);
/** A review as moderators see it: with its status. */
export const moderatedReviewSchema = reviewSchema.extend({ status: reviewStatusSchema });
export type ModeratedReview = z.infer<typeof moderatedReviewSchema>;

export const reportedReviewSchema = z.object({
  review: moderatedReviewSchema,
  product: z.object({ _id: objectIdSchema, title: z.string(), slug: z.string() }),
  reportCount: z.number().int(),
  reports: z.array(
    z.object({
      reason: reportReasonSchema,
      note: z.string().nullable(),
      reporter: z.object({ _id: objectIdSchema, name: z.string() }),
      createdAt: z.string(),
    }),
  ),
  status: reportStatusSchema,
  lastReportedAt: z.string(),
});
export type ReportedReview = z.infer<typeof reportedReviewSchema>;
export const reviewReportQueueQuerySchema = reportQueueQuerySchema;
export const reviewIdParamsSchema = z.object({ reviewId: objectIdSchema });
