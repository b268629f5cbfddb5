import type { Hono } from 'hono';
import { creatorRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { contentPremiumCheck } from '../premium';
import { createCreatorHandlers } from './creators.handlers';

/** Creators, as declared in the contracts (creatorRoutes): a category's creators and a creator's library (premium), admin. */
export function mountCreators(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, creatorRoutes, createCreatorHandlers(deps), {
    premium: contentPremiumCheck(deps),
    publicMaxAgeSeconds: deps.publicMaxAgeSeconds,
  });
}
