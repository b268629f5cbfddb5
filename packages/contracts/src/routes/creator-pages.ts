import { z } from 'zod';
import { objectIdSchema } from '../api';
import {
  creatorFollowParamsSchema,
  creatorFollowSchema,
  creatorNewsBodySchema,
  creatorPageParamsSchema,
  creatorPageSchema,
  creatorProfileBodySchema,
  creatorProfileSchema,
  creatorSummarySchema,
  studioReviewSchema,
  studioReviewsQuerySchema,
} from '../creator-pages';
import { defineRoutes } from './define';

/** A creator's public page (content, anyone, kept by shared caches), and the creator as other services ask. */
export const creatorPageRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/content/creators/:slug',
    service: 'content',
    access: 'public',
    cache: 'shared',
    summary: "A creator's public page: bio, links, published courses, their learners and average rating",
    params: creatorPageParamsSchema,
    response: creatorPageSchema,
  },
  summary: {
    method: 'GET',
    path: '/internal/content/creators/:creatorId/summary',
    service: 'content',
    access: 'internal',
    summary: 'A creator by id (404 when none): community checks a follow and names the creator in e-mails',
    params: creatorFollowParamsSchema,
    response: creatorSummarySchema,
  },
});

/** Following a creator (community): told by e-mail when they publish (content hands over what is new). */
export const creatorFollowRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/community/creators/:creatorId/follow',
    service: 'community',
    access: 'user',
    summary: 'Whether you follow this creator, and how many people do',
    params: creatorFollowParamsSchema,
    response: creatorFollowSchema,
  },
  follow: {
    method: 'PUT',
    path: '/community/creators/:creatorId/follow',
    service: 'community',
    access: 'user',
    summary: 'Follow a creator: an e-mail when they publish something new',
    params: creatorFollowParamsSchema,
    response: creatorFollowSchema,
  },
  unfollow: {
    method: 'DELETE',
    path: '/community/creators/:creatorId/follow',
    service: 'community',
    access: 'user',
    summary: 'Stop following a creator',
    params: creatorFollowParamsSchema,
    response: creatorFollowSchema,
  },
  news: {
    method: 'POST',
    path: '/internal/community/creator-news',
    service: 'community',
    access: 'internal',
    summary: "Items just published: queued for their creators' followers' e-mails (idempotent per item)",
    body: creatorNewsBodySchema,
    response: z.object({ queued: z.number().int() }),
  },
});

/** A creator page's learners (progress). */
export const creatorLearnerRoutes = defineRoutes({
  learners: {
    method: 'POST',
    path: '/internal/progress/learner-count',
    service: 'progress',
    access: 'internal',
    summary: 'How many people started any of these products (a creator page’s learners)',
    body: z.object({ productIds: z.array(objectIdSchema).max(5_000) }),
    response: z.object({ learners: z.number().int() }),
  },
});

/** The creator's own public page as they write it, and the reviews they answer, in the studio (content). */
export const creatorProfileRoutes = defineRoutes({
  get: {
    method: 'GET',
    path: '/studio/profile',
    service: 'content',
    access: 'creator',
    summary: 'Your public page as you wrote it: bio and links',
    response: creatorProfileSchema,
    refuses: { 404: 'No creator profile is linked to this account' },
  },
  save: {
    method: 'PUT',
    path: '/studio/profile',
    service: 'content',
    access: 'creator',
    summary: 'Write your public page: bio and links',
    body: creatorProfileBodySchema,
    response: creatorProfileSchema,
    refuses: { 404: 'No creator profile is linked to this account' },
  },
  reviews: {
    method: 'GET',
    path: '/studio/reviews',
    service: 'content',
    access: 'creator',
    summary: "The newest reviews of your items, to answer them (an admin without a creator: every item's)",
    query: studioReviewsQuerySchema,
    response: z.array(studioReviewSchema),
    refuses: { 403: 'No creator profile is linked to this account' },
  },
});
