import { z } from 'zod';
import { objectIdSchema } from './api';
import { publicProductSchema } from './catalog';

/** The dashboard's rows, in the order they are shown; each says why it is there. */
export const RECOMMENDATION_KINDS = [
  'because-watched',
  'popular-in-category',
  'popular',
  'new',
  'top-rated',
] as const;
export type RecommendationKind = (typeof RECOMMENDATION_KINDS)[number];

/** How many products one row holds at most. */
export const RECOMMENDATION_ROW_SIZE = 8;
/** "New this week": products published in the last 7 days. */
export const NEW_THIS_WEEK_DAYS = 7;

/** One row: its heading (`title`), why it is shown (`reason`) and its products, best first. */
export const recommendationRowSchema = z.object({
  kind: z.enum(RECOMMENDATION_KINDS),
  title: z.string(),
  reason: z.string(),
  products: z.array(publicProductSchema),
});
export type RecommendationRow = z.infer<typeof recommendationRowSchema>;

/** Rows with nothing to show are left out; a visitor gets the popular and new rows only. */
export const recommendationsSchema = z.object({ rows: z.array(recommendationRowSchema) });
export type Recommendations = z.infer<typeof recommendationsSchema>;

/**
 * What progress tells content about one learner for their rows: the products they watched, most recent
 * first, those they completed, and for each of the most recent ones the products other learners of it
 * watched most (the co-watching table its job refreshes), most shared learners first.
 */
export const learnerSignalsSchema = z.object({
  watched: z.array(objectIdSchema),
  completed: z.array(objectIdSchema),
  coWatched: z.array(
    z.object({
      productId: objectIdSchema,
      others: z.array(z.object({ productId: objectIdSchema, learners: z.number().int() })),
    }),
  ),
});
export type LearnerSignals = z.infer<typeof learnerSignalsSchema>;
