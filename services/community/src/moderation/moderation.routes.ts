import type { Hono } from 'hono';
import { moderationRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createModerationHandlers } from './moderation.handlers';

const { scheduleLive: _scheduleLive, cancelLive: _cancelLive, ...ownRoutes } = moderationRoutes;

/** The moderators' tools (moderationRoutes but scheduleLive/cancelLive, which ../live mounts). */
export function mountModeration(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, ownRoutes, createModerationHandlers(deps));
}
