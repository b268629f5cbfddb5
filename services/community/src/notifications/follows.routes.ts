import type { Hono } from 'hono';
import { followRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { communityPremiumCheck } from '../premium';
import { createFollowHandlers } from './follows.handlers';

/** Following a discussion (its e-mails) and the e-mails' unsubscribe link (followRoutes). */
export function mountFollows(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, followRoutes, createFollowHandlers(deps), { premium: communityPremiumCheck(deps) });
}
