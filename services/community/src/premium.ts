import { COMMUNITY_MESSAGES } from '@catalyst/contracts';
import { premiumCheck } from '@catalyst/service-kit';
import type { Deps } from './deps';
import { findTargetOfPost, findTargetOfThread } from './discussions/discussions.repository';
import { findProductOfQuestion } from './live/live.repository';

/**
 * Community's premium routes open as their product or lesson does (catalog-access's lessonAccess: a free-preview
 * lesson for every signed-in caller, a free product too, the rest with the plan; an unpublished product is a 404
 * except for admins). Routes name the product and lesson (threads listed or started, a live board), or the thread,
 * post or live question that belongs to one: found here, a 404 when it is not there.
 */
export function communityPremiumCheck({
  db,
  lessonAccess,
  entitlements,
}: Pick<Deps, 'db' | 'lessonAccess' | 'entitlements'>) {
  return premiumCheck({
    entitlements,
    open: (identity, productId, lessonId, requestId) =>
      lessonAccess.assertMayOpen(identity, productId, lessonId, requestId),
    owners: {
      thread: {
        find: async (id) => {
          const row = await findTargetOfThread(db, id);
          return row && { productId: row.product_id, lessonId: row.lesson_id };
        },
        missing: COMMUNITY_MESSAGES.threadNotFound,
      },
      post: {
        find: async (id) => {
          const row = await findTargetOfPost(db, id);
          return row && { productId: row.product_id, lessonId: row.lesson_id };
        },
        missing: COMMUNITY_MESSAGES.postNotFound,
      },
      question: {
        find: async (id) => {
          const productId = await findProductOfQuestion(db, id);
          return productId === undefined ? undefined : { productId };
        },
        missing: COMMUNITY_MESSAGES.questionNotFound,
      },
    },
  });
}
