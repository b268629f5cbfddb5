import { z } from 'zod';
import { objectIdSchema } from '../api';
import {
  analyticsRangeQuerySchema,
  itemFiguresSchema,
  itemsAnalyticsBodySchema,
  paidSecondsSchema,
  payingBodySchema,
  payingSchema,
  productAnalyticsBodySchema,
  productRollupSchema,
  questionsWaitingBodySchema,
  questionsWaitingSchema,
  studioAnalyticsQuerySchema,
  studioAnalyticsSchema,
  studioProductAnalyticsSchema,
} from '../studio-analytics';
import { defineRoutes } from './define';

/** The creator studio's analytics pages (content answers: it knows whose items they are). */
export const studioAnalyticsRoutes = defineRoutes({
  overview: {
    method: 'GET',
    path: '/studio/analytics',
    service: 'content',
    access: 'creator',
    summary: "The creator's items with minutes watched, learners and completions over the last days",
    query: studioAnalyticsQuerySchema,
    response: studioAnalyticsSchema,
  },
  product: {
    method: 'GET',
    path: '/studio/products/:id/analytics',
    service: 'content',
    access: 'creator',
    summary:
      "One of the creator's items: minutes per day, learners, completions, drop-off per lesson, quizzes, ratings, questions waiting",
    params: z.object({ id: objectIdSchema }),
    query: studioAnalyticsQuerySchema,
    response: studioProductAnalyticsSchema,
  },
});

/** Progress's daily rollups, for the studio (content) and the royalty pool (billing). */
export const analyticsInternalRoutes = defineRoutes({
  paidSeconds: {
    method: 'GET',
    path: '/internal/progress/paid-seconds',
    service: 'progress',
    access: 'internal',
    summary: 'Seconds watched by paying members per product over a range of UTC days (to excluded)',
    query: analyticsRangeQuerySchema,
    response: paidSecondsSchema,
  },
  items: {
    method: 'POST',
    path: '/internal/progress/analytics/items',
    service: 'progress',
    access: 'internal',
    summary: "Items' viewing over a range of UTC days, from the daily rollups",
    body: itemsAnalyticsBodySchema,
    response: z.array(itemFiguresSchema),
  },
  product: {
    method: 'POST',
    path: '/internal/progress/analytics/product',
    service: 'progress',
    access: 'internal',
    summary: "One item's viewing per day, drop-off per lesson and quiz pass rates, from the rollups",
    body: productAnalyticsBodySchema,
    response: productRollupSchema,
  },
});

/** Billing: which users hold a paid plan now (the analytics job's paid minutes). */
export const payingInternalRoutes = defineRoutes({
  paying: {
    method: 'POST',
    path: '/internal/billing/paying',
    service: 'billing',
    access: 'internal',
    summary:
      'Of the given users, those paying now: a personal plan active or past due (not trialing), a seat of an active team, an active gift',
    body: payingBodySchema,
    response: payingSchema,
  },
});

/** Community: open questions per product (the studio's "questions waiting"). */
export const questionsWaitingInternalRoutes = defineRoutes({
  questionsWaiting: {
    method: 'POST',
    path: '/internal/community/questions-waiting',
    service: 'community',
    access: 'internal',
    summary: 'Per product, the discussions with no accepted answer that are not locked',
    body: questionsWaitingBodySchema,
    response: questionsWaitingSchema,
  },
});
