import type { Context, MiddlewareHandler } from 'hono';
import { PREMIUM_REQUIRED_MESSAGE } from '@catalyst/contracts';
import { forbidden, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import type { Entitlements } from '../entitlement/entitlement.service';

/** Premium gate (architecture rule 3): 401 anonymous, 403 without an active plan, admins always pass. */
export function requirePremium(entitlements: Entitlements): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await requireOpen(entitlements, c);
    await next();
  };
}

/**
 * The same refusal for one product: a free product (priced 0) opens for every signed-in caller, anything
 * else (and a product that is not there, so a refusal says nothing of what exists) needs the plan.
 */
export async function requireOpen(entitlements: Entitlements, c: Context<AppEnv>, product?: { price: number | null }) {
  const identity = requireIdentity(c);
  if (!(await entitlements.mayOpen(identity, product, c.get('requestId')))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
  return identity;
}
