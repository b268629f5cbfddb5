import type { Hono } from 'hono';
import { liveRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { communityPremiumCheck } from '../premium';
import { createLiveHandlers } from './live.handlers';

/** Live Q&A sessions and their scheduling, as declared in the contracts (liveRoutes). */
export function mountLive(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, liveRoutes, createLiveHandlers(deps), { premium: communityPremiumCheck(deps) });
}
