import { premiumCheck } from '@catalyst/service-kit';
import type { Deps } from './deps';

/**
 * Progress's premium routes, through service-kit's one premium check: each opens as its declared product and
 * lesson do (lessonAccess: a free product or a free-preview lesson to every signed-in learner), a category's
 * with the plan.
 */
export const progressPremiumCheck = (deps: Pick<Deps, 'entitlements' | 'lessonAccess'>) =>
  premiumCheck({
    entitlements: deps.entitlements,
    open: (identity, productId, lessonId, requestId) =>
      deps.lessonAccess.assertMayOpen(identity, productId, lessonId, requestId),
  });
