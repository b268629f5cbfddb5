import { COMMUNITY_MESSAGES, type followRoutes } from '@catalyst/contracts';
import { badRequest, notFound, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { follow, resubscribe, threadTitle, unfollow, unsubscribeAll } from './follows.repository';
import { verifyUnsubscribeToken } from './unsubscribe-token';
import { stopEmailOf } from './inbox.repository';
import { unfollowCreator } from '../creator-follows/creator-follows.repository';
import { creatorSummary } from '../creator-follows/creator-summary';
import { stopDigestOf } from '../digest/digest.routes';

export function createFollowHandlers({
  db,
  config,
  now,
  content,
}: Pick<Deps, 'db' | 'config' | 'now' | 'content'>): RouteHandlers<typeof followRoutes> {
  return {
    async follow({ params, identity }) {
      if (!(await follow(db, params.threadId, identity.id)))
        throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      // Asking for a thread's e-mails takes back an earlier "stop all".
      await resubscribe(db, identity.id);
      return { threadId: params.threadId, following: true };
    },

    async unfollow({ params, identity }) {
      await unfollow(db, params.threadId, identity.id);
      return { threadId: params.threadId, following: false };
    },

    async unsubscribe({ query }) {
      const token = verifyUnsubscribeToken(query.token, config.INTERNAL_SECRET);
      if (!token) throw badRequest(COMMUNITY_MESSAGES.unsubscribeInvalid);
      if (token.scope.kind === 'all') {
        await unsubscribeAll(db, token.userId, now());
        return { scope: 'all' as const, threadTitle: null };
      }
      if (token.scope.kind === 'digest') {
        await stopDigestOf(db, token.userId);
        return { scope: 'digest' as const, threadTitle: null };
      }
      if (token.scope.kind === 'type') {
        await stopEmailOf(db, token.userId, token.scope.type);
        return { scope: 'type' as const, threadTitle: null, notificationType: token.scope.type };
      }
      if (token.scope.kind === 'creator') {
        await unfollowCreator(db, token.scope.creatorId, token.userId);
        const creator = await creatorSummary(content, token.scope.creatorId);
        return { scope: 'creator' as const, threadTitle: null, creatorName: creator?.name ?? null };
      }
      await unfollow(db, token.scope.threadId, token.userId);
      return { scope: 'thread' as const, threadTitle: await threadTitle(db, token.scope.threadId) };
    },
  };
}
