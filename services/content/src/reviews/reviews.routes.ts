import type { Hono } from 'hono';
import { reviewRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createReviewHandlers } from './reviews.handlers';

/** Ratings and reviews, as declared in the contracts (reviewRoutes), with the moderators' queue of reported ones. */
export function mountReviews(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, reviewRoutes, createReviewHandlers(deps));
}
