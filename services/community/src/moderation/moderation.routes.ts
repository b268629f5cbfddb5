import type { Hono } from 'hono';
import { moderationRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createModerationHandlers } from './moderation.handlers';

/** The moderators' tools, as declared in the contracts (moderationRoutes). */
export function mountModeration(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, moderationRoutes, createModerationHandlers(deps));
}
