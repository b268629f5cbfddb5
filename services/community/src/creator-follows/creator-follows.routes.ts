import type { Hono } from 'hono';
import { creatorFollowRoutes } from '@catalyst/contracts';
import { mountRoutes, notFound, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { resubscribe } from '../notifications/follows.repository';
import {
  followCreator,
  followStanding,
  queueCreatorNews,
  unfollowCreator,
} from './creator-follows.repository';
import { creatorSummary } from './creator-summary';

export const CREATOR_NOT_FOUND = 'Creator not found';

/** Following creators (told by e-mail when they publish), and content handing over what was published. */
export function mountCreatorFollows(app: Hono<AppEnv>, deps: Deps) {
  const { db, content } = deps;
  const standing = async (creatorId: string, userId: string) => ({
    creatorId,
    ...(await followStanding(db, creatorId, userId)),
  });
  mountRoutes(app, creatorFollowRoutes, {
    get: ({ params, identity }) => standing(params.creatorId, identity.id),

    async follow({ params, identity }) {
      if (!(await creatorSummary(content, params.creatorId))) throw notFound(CREATOR_NOT_FOUND);
      await followCreator(db, params.creatorId, identity.id);
      // Asking for a creator's news takes back an earlier "stop all community e-mails".
      await resubscribe(db, identity.id);
      return standing(params.creatorId, identity.id);
    },

    async unfollow({ params, identity }) {
      await unfollowCreator(db, params.creatorId, identity.id);
      return standing(params.creatorId, identity.id);
    },

    news: async ({ body }) => ({ queued: await queueCreatorNews(db, body.items) }),
  });
}
