import type { Audience, Identity } from '@catalyst/contracts';
import {
  MemoryCache,
  createEntitlements,
  createInvalidations,
  createPeer,
  type Broadcast,
  type Logger,
} from '@catalyst/service-kit';

/**
 * Who may be given an answer a service shared with an audience (edge-cache.ts): the premium audience is every
 * caller billing finds entitled, admins always, by service-kit's own entitlement rule, the one content's
 * premium rule applies. Billing's answer is kept here for `ttlSeconds`, the identity cache's lifetime, so a
 * plan that ends on its own (the period's end) is seen as late as a changed role is, and no later; a write
 * billing accepts through this gateway (a cancellation, a payment provider's event) forgets every plan here
 * before its answer leaves, and billing's announcements over Redis (REDIS_URL) forget a user's at once. An answer the gateway cannot get (billing down or slow) is
 * "no": the request goes on to the service, which decides as it always does.
 */
export interface AudienceGate {
  /** Answered at once when the plan is already known here (an admin, a plan billing gave within the TTL). */
  admits(audience: Audience, caller: Identity, requestId?: string): boolean | Promise<boolean>;
  /** Forgets every plan it knew: after any write billing accepted (a cancellation, a payment provider's event). */
  forgetAll(): void;
}

export interface AudienceGateOptions {
  billingUrl: string;
  internalSecret: string;
  timeoutMs: number;
  /** 0: nothing is kept, so no audience answer is kept either (undefined gate). */
  ttlSeconds: number;
  broadcast?: Broadcast;
  log: Logger;
}

export function createAudienceGate({
  billingUrl,
  internalSecret,
  timeoutMs,
  ttlSeconds,
  broadcast,
  log,
}: AudienceGateOptions): AudienceGate | undefined {
  if (ttlSeconds <= 0) return undefined;
  const billing = createPeer({ baseUrl: billingUrl, secret: internalSecret, timeoutMs, retries: 0 });
  const fresh = () => createEntitlements({ billing, cache: new MemoryCache(10_000), log, ttlSeconds });
  let entitlements = fresh();
  // A new memo: billing's answers still on their way are kept by the old one, which nothing reads any more.
  const forgetAll = () => void (entitlements = fresh());
  // Billing's announcements, as every service hears them (a resubscription: some may have been missed).
  createInvalidations({ broadcast, log }).subscribe(
    'entitlement',
    (userId) => (userId ? void entitlements.evict(userId) : forgetAll()),
    forgetAll,
  );
  const ask = async (caller: Identity, requestId?: string) => {
    try {
      return await entitlements.isEntitled(caller, requestId);
    } catch {
      return false;
    }
  };
  return {
    admits: (_audience, caller, requestId) => entitlements.known(caller) ?? ask(caller, requestId),
    forgetAll,
  };
}
