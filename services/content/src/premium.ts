import type { Context } from 'hono';
import { PREMIUM_REQUIRED_MESSAGE, productRoutes, type Identity } from '@catalyst/contracts';
import { forbidden, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from './deps';

/**
 * Content's premium rule (architecture rule 3), run by mountRoutes for every `access: 'premium'` route:
 * 401 anonymous (before this), 403 without an active plan, admins always pass. The product page is the
 * exception: it opens a free product (priced 0) to every signed-in caller, so its handler asks
 * `requireOpen` with the product it found.
 */
export function contentPremiumRule({ entitlements }: Pick<Deps, 'entitlements'>) {
  return async (
    _c: Context<AppEnv>,
    { identity, requestId }: { identity: Identity | null; requestId: string },
    route: { path: string },
  ) => {
    if (route.path === productRoutes.getPremium.path) return;
    if (!(await entitlements.isEntitled(identity!, requestId))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
  };
}

/**
 * The same refusal for one product: a free product opens for every signed-in caller, anything else (and a
 * product that is not there, so a refusal says nothing of what exists) needs the plan.
 */
export async function requireOpen(
  { entitlements }: Pick<Deps, 'entitlements'>,
  identity: Identity,
  product: { price: number | null } | undefined,
  requestId: string,
) {
  if (!(await entitlements.mayOpen(identity, product, requestId))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
}
