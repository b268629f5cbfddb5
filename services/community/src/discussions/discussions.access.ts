import type { Context } from 'hono';
import { COMMUNITY_MESSAGES, type DiscussionTarget, type RouteDeclaration } from '@catalyst/contracts';
import { notFound, type AppEnv, type HandlerInput } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { findTargetOfPost, findTargetOfThread } from './discussions.repository';

/**
 * The premium rule of discussions: a discussion opens to whoever may open its product or lesson (service-kit's
 * lessonAccess: a free-preview lesson for every signed-in caller, a free product too, the rest with the plan;
 * an unpublished product is a 404 except for admins). The target comes from the query or body (listing and
 * starting threads), else from the thread of :threadId or the post of :postId.
 */
export function discussionPremiumRule({ db, lessonAccess }: Pick<Deps, 'db' | 'lessonAccess'>) {
  async function targetOf(
    input: HandlerInput<RouteDeclaration>,
  ): Promise<DiscussionTarget | { productId: string; lessonId: string | null }> {
    const params = (input.params ?? {}) as { threadId?: string; postId?: string };
    if (params.threadId) {
      const row = await findTargetOfThread(db, params.threadId);
      if (!row) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      return { productId: row.product_id, lessonId: row.lesson_id };
    }
    if (params.postId) {
      const row = await findTargetOfPost(db, params.postId);
      if (!row) throw notFound(COMMUNITY_MESSAGES.postNotFound);
      return { productId: row.product_id, lessonId: row.lesson_id };
    }
    return (input.query ?? input.body) as DiscussionTarget;
  }

  return async (_c: Context<AppEnv>, input: HandlerInput<RouteDeclaration>) => {
    const { productId, lessonId } = await targetOf(input);
    await lessonAccess.assertMayOpen(input.identity!, productId, lessonId, input.requestId);
  };
}
