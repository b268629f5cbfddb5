import type { Hono } from 'hono';
import type { AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** Discussions (discussionRoutes): threads, replies, votes, answers, reports. Follow/unfollow/unsubscribe come from ../notifications. */
export function mountDiscussions(_app: Hono<AppEnv>, _deps: Deps) {}
