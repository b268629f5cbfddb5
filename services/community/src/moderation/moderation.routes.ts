import type { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** The moderators' tools (moderationRoutes but scheduleLive/cancelLive, which ../live mounts). */
export function mountModeration(_app: Hono<AppEnv>, _deps: Deps) {}
