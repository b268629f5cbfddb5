import { Hono } from 'hono';
import { entitlementEvictBodySchema } from '@catalyst/contracts';
import { ok, parseBody, type AppEnv } from '@catalyst/service-kit';
import type { Entitlements } from './entitlement.service';

/** POST /internal/entitlements/evict {userId}: billing calls it on every change of a subscription. */
export function entitlementRoutes(entitlements: Entitlements) {
  return new Hono<AppEnv>().post('/internal/entitlements/evict', async (c) => {
    const { userId } = await parseBody(c, entitlementEvictBodySchema);
    await entitlements.evict(userId);
    c.get('log').info({ userId }, 'entitlement evicted');
    return ok(c, { evicted: true });
  });
}
