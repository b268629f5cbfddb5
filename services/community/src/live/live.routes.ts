import type { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/**
 * Live Q&A sessions (liveRoutes) and the admin's scheduleLive/cancelLive of moderationRoutes.
 * Placeholder of the skeleton: helper H2 replaces it.
 */
export function mountLive(_app: Hono<AppEnv>, _deps: Deps) {}
