import type { Hono } from 'hono';
import { discussionRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { communityPremiumCheck } from '../premium';
import { createDiscussionHandlers } from './discussions.handlers';

/** Discussions (discussionRoutes): threads, replies, votes, answers, reports. Following and e-mail links are ../notifications'. */
export function mountDiscussions(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, discussionRoutes, createDiscussionHandlers(deps), {
    premium: communityPremiumCheck(deps),
  });
}
