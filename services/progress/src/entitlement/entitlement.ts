import { isFreeProduct, type Identity } from '@catalyst/contracts';
import { HttpError, type Cache, type InternalClient } from '@catalyst/service-kit';
import { z } from 'zod';

/** The longest an answer from billing is trusted (billing also evicts it on every change). */
export const ENTITLEMENT_TTL_SECONDS = 30;

const entitlementSchema = z.object({ entitled: z.boolean() });

/** Whether a caller may watch premium products: admins always; others as billing says. */
export function createEntitlements({ billing, cache, ttlSeconds = ENTITLEMENT_TTL_SECONDS }: { billing: InternalClient; cache: Cache; ttlSeconds?: number }) {
  const key = (userId: string) => `entitlement:${userId}`;

  async function isEntitled(identity: Identity, requestId?: string): Promise<boolean> {
    if (identity.role === 'admin') return true;
    const cached = await cache.get<boolean>(key(identity.id));
    if (cached !== undefined) return cached;
    let entitled = false;
    try {
      entitled = entitlementSchema.parse(await billing.get(`/internal/entitlements/${encodeURIComponent(identity.id)}`, requestId)).entitled;
    } catch (error) {
      // billing not knowing the user means no plan; anything else (billing down) is a 503, never a free pass.
      if (!(error instanceof HttpError && error.status === 404)) throw error;
    }
    await cache.set(key(identity.id), entitled, ttlSeconds);
    return entitled;
  }

  /** A product opens when it is free (priced 0) or the caller is entitled; billing is asked only for the latter. */
  async function mayOpen(identity: Identity, product: { price: number | null } | null, requestId?: string): Promise<boolean> {
    return (product !== null && isFreeProduct(product)) || isEntitled(identity, requestId);
  }

  const evict = (userId: string) => cache.del(key(userId));

  return { isEntitled, mayOpen, evict };
}
export type Entitlements = ReturnType<typeof createEntitlements>;
