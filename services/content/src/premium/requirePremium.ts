import type { MiddlewareHandler } from 'hono';
import { PREMIUM_REQUIRED_MESSAGE } from '@catalyst/contracts';
import { forbidden, requireIdentity, type AppEnv } from '@catalyst/service-kit';
import type { Entitlements } from '../entitlement/entitlement.service';

/** Premium gate (architecture rule 3): 401 anonymous, 403 without an active plan, admins always pass. */
export function requirePremium(entitlements: Entitlements): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const identity = requireIdentity(c);
    if (!(await entitlements.isEntitled(identity, c.get('requestId')))) throw forbidden(PREMIUM_REQUIRED_MESSAGE);
    await next();
  };
}
