import type { Hono } from 'hono';
import { liveRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { communityPremiumCheck } from '../premium';
import { createLiveHandlers, liveAdminRoutes } from './live.handlers';

/** Live Q&A sessions (liveRoutes) and the admin's scheduleLive/cancelLive of moderationRoutes. */
export function mountLive(app: Hono<AppEnv>, deps: Deps) {
  const handlers = createLiveHandlers(deps);
  const premium = communityPremiumCheck(deps);
  const { scheduleLive, cancelLive, ...board } = handlers;
  mountRoutes(app, liveRoutes, board, { premium });
  mountRoutes(app, liveAdminRoutes, { scheduleLive, cancelLive });
}
