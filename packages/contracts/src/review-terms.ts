// The zod-free terms of ratings and reviews (limits, sorts, messages, the rating's words): what the product
// page imports to label stars and show refusals without downloading the schemas (reviews.ts re-exports them).

export const REVIEW_LIMITS = {
  /** Stars: whole numbers from 1 to 5. */
  ratingMin: 1,
  ratingMax: 5,
  /** Characters of a review's or a reply's Markdown. */
  bodyMax: 5_000,
  pageMax: 50,
  /** Whole percent of a product a learner must have watched to review it (or finished one of a course's lessons). */
  minProgressPercent: 20,
} as const;

/** How a product's reviews may be ordered: most helpful, newest, highest rating first. */
export const REVIEW_SORTS = ['helpful', 'newest', 'rating'] as const;
export type ReviewSort = (typeof REVIEW_SORTS)[number];
export const REVIEW_SORT_LABELS: Record<ReviewSort, string> = {
  helpful: 'Most helpful',
  newest: 'Newest',
  rating: 'Highest rating',
};

export const REVIEW_MESSAGES = {
  reviewNotFound: 'Review not found',
  noReviewOfYours: 'You have not reviewed this product',
  ownReviewHelpful: 'You cannot mark your own review as helpful',
  alreadyHelpful: 'You have already marked this review as helpful',
  alreadyReported: 'You have already reported this review',
  ownReviewReport: 'You cannot report your own review',
  replyForbidden: "Only the product's creator or an admin can reply to its reviews",
  progressUnavailable: 'Your progress could not be checked just now. Please try again shortly',
  saved: 'Your review was saved',
  deleted: 'Your review was deleted',
} as const;

/**
 * Why a learner may not review yet, saying how much is needed and how much they have watched: "Watch at least
 * 20% of this course or finish one of its lessons to review it — you have watched 5%."
 */
export function reviewNeedsProgressMessage(watchedPercent: number, hasLessons: boolean): string {
  const need = `${REVIEW_LIMITS.minProgressPercent}%`;
  const what = hasLessons ? `this course or finish one of its lessons` : 'this product';
  return `Watch at least ${need} of ${what} to review it — you have watched ${Math.floor(watchedPercent)}%.`;
}

/** Whether a learner's progress lets them review: enough watched, or a course lesson finished. */
export const mayReview = (standing: { progress: number; completedLessons: number }): boolean =>
  standing.progress >= REVIEW_LIMITS.minProgressPercent || standing.completedLessons > 0;

/** A rating as one decimal ("4.6"). */
export const formatRating = (average: number): string => average.toFixed(1);

/** The stars' text alternative: "4.6 out of 5, 128 ratings" ("No ratings yet" before the first). */
export function ratingLabel(average: number | null, count: number): string {
  if (!count || average === null) return 'No ratings yet';
  return `${formatRating(average)} out of 5, ${count} ${count === 1 ? 'rating' : 'ratings'}`;
}
