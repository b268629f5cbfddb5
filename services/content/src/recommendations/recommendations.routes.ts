import type { Hono } from 'hono';
import { recommendationRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createRecommendationHandlers } from './recommendations.handlers';

/** The dashboard's recommendation rows, as declared in the contracts (recommendationRoutes): public. */
export function mountRecommendations(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, recommendationRoutes, createRecommendationHandlers(deps));
}
