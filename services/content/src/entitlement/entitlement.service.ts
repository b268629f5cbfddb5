import { entitlementSchema, isFreeProduct, type Identity } from '@catalyst/contracts';
import { unavailable, type Cache, type InternalClient, type Logger } from '@catalyst/service-kit';

/** Billing pushes an eviction on every change, so this is only the worst-case staleness. */
export const ENTITLEMENT_TTL_SECONDS = 30;

const cacheKey = (userId: string) => `entitlement:${userId}`;

export interface Entitlements {
  /** Admins always; everyone else when billing says so (cached up to 30 s). */
  isEntitled(identity: Identity, requestId?: string): Promise<boolean>;
  /** A product opens for a signed-in caller when it is free (priced 0) or the caller is entitled; billing is asked only for the latter. */
  mayOpen(identity: Identity, product: { price: number | null } | undefined, requestId?: string): Promise<boolean>;
  /** Drops the cached answer so the next premium request asks billing again. */
  evict(userId: string): Promise<void>;
}

export function createEntitlements({ billing, cache, log }: { billing: InternalClient; cache: Cache; log: Logger }): Entitlements {
  const entitlements: Entitlements = {
    async mayOpen(identity, product, requestId) {
      return (product !== undefined && isFreeProduct(product)) || entitlements.isEntitled(identity, requestId);
    },
    async isEntitled(identity, requestId) {
      if (identity.role === 'admin') return true;
      const cached = await cache.get<boolean>(cacheKey(identity.id));
      if (cached !== undefined) return cached;
      let answer: unknown;
      try {
        answer = await billing.get(`/internal/entitlements/${encodeURIComponent(identity.id)}`, requestId);
      } catch (error) {
        // Without billing's answer neither a yes nor a no is honest: the caller gets a 503 to retry.
        log.warn({ requestId, userId: identity.id, err: (error as Error).message }, 'entitlement check failed');
        throw unavailable();
      }
      const parsed = entitlementSchema.safeParse(answer);
      if (!parsed.success) {
        log.error({ requestId, userId: identity.id }, 'billing answered an entitlement in an unknown shape');
        throw unavailable();
      }
      await cache.set(cacheKey(identity.id), parsed.data.entitled, ENTITLEMENT_TTL_SECONDS);
      return parsed.data.entitled;
    },
    async evict(userId) {
      await cache.del(cacheKey(userId));
    },
  };
  return entitlements;
}
