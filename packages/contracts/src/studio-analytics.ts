// Contracts of the creator analytics (issue 59): progress's daily rollups, billing's paying check, the studio pages.
import { z } from 'zod';
import { objectIdSchema } from './api';

/** A UTC day, `YYYY-MM-DD`. */
export const analyticsDaySchema = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/, 'A day is written YYYY-MM-DD');

/** A range of UTC days: `from` included, `to` excluded. */
export const analyticsRangeQuerySchema = z.object({ from: analyticsDaySchema, to: analyticsDaySchema });
export type AnalyticsRange = z.infer<typeof analyticsRangeQuerySchema>;

/** The studio's range: the last `days` UTC days up to today (default 30); an admin names the creator. */
export const studioAnalyticsQuerySchema = z.object({
  days: z.coerce.number().int().min(1).max(365).default(30),
  creatorId: objectIdSchema.optional(),
});

export const paidSecondsSchema = z.array(z.object({ productId: z.string(), paidSeconds: z.number() }));
export type PaidSeconds = z.infer<typeof paidSecondsSchema>;

export const payingBodySchema = z.object({ userIds: z.array(z.string().min(1).max(100)).max(10_000) });
export const payingSchema = z.object({ userIds: z.array(z.string()) });

export const itemsAnalyticsBodySchema = z.object({
  productIds: z.array(z.string()).max(5_000),
  from: analyticsDaySchema,
  to: analyticsDaySchema,
});

/** One item's figures over a range; `learners` and `percentAverage` are over all time. */
export const itemFiguresSchema = z.object({
  productId: z.string(),
  seconds: z.number(),
  paidSeconds: z.number(),
  completions: z.number().int(),
  learners: z.number().int(),
  percentAverage: z.number(),
});
export type ItemFigures = z.infer<typeof itemFiguresSchema>;

export const productAnalyticsBodySchema = z.object({
  productId: z.string(),
  from: analyticsDaySchema,
  to: analyticsDaySchema,
});

export const analyticsDayFiguresSchema = z.object({
  day: analyticsDaySchema,
  seconds: z.number(),
  paidSeconds: z.number(),
  learners: z.number().int(),
  completions: z.number().int(),
});
export type AnalyticsDayFigures = z.infer<typeof analyticsDayFiguresSchema>;

/** Per lesson, all time: learners who started it and who finished it. */
export const lessonDropOffSchema = z.object({
  lessonId: z.string(),
  started: z.number().int(),
  finished: z.number().int(),
});
export const quizPassRateSchema = z.object({
  lessonId: z.string(),
  learners: z.number().int(),
  passed: z.number().int(),
});

/** What progress knows of one item (the studio adds titles and order, ratings and questions). */
export const productRollupSchema = z.object({
  days: z.array(analyticsDayFiguresSchema),
  figures: itemFiguresSchema,
  lessons: z.array(lessonDropOffSchema),
  quizzes: z.array(quizPassRateSchema),
});
export type ProductRollup = z.infer<typeof productRollupSchema>;

export const studioAnalyticsItemSchema = itemFiguresSchema.extend({
  title: z.string(),
  minutes: z.number(),
});
export const studioAnalyticsSchema = z.object({
  from: analyticsDaySchema,
  to: analyticsDaySchema,
  items: z.array(studioAnalyticsItemSchema),
});
export type StudioAnalytics = z.infer<typeof studioAnalyticsSchema>;

export const studioProductAnalyticsSchema = z.object({
  productId: z.string(),
  title: z.string(),
  from: analyticsDaySchema,
  to: analyticsDaySchema,
  /** Every day of the range, zeros included. */
  days: z.array(analyticsDayFiguresSchema.extend({ minutes: z.number() })),
  figures: itemFiguresSchema.extend({ minutes: z.number() }),
  /** In curriculum order; empty for a single video. */
  dropOff: z.array(lessonDropOffSchema.extend({ title: z.string() })),
  quizzes: z.array(quizPassRateSchema.extend({ title: z.string() })),
  /** Per month (`YYYY-MM`) of the last year: reviews written and their average rating. */
  ratings: z.array(z.object({ month: z.string(), reviews: z.number().int(), average: z.number() })),
  questionsWaiting: z.number().int(),
});
export type StudioProductAnalytics = z.infer<typeof studioProductAnalyticsSchema>;

export const questionsWaitingBodySchema = z.object({ productIds: z.array(z.string()).max(5_000) });
export const questionsWaitingSchema = z.array(z.object({ productId: z.string(), waiting: z.number().int() }));
