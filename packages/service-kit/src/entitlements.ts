import { billingInternalRoutes, entitlementSchema, isFreeProduct, type Identity } from '@catalyst/contracts';
import type { Cache } from './cache';
import { HttpError, unavailable } from './errors';
import type { Logger } from './logger';
import type { Peer } from './peers';

/** The longest an answer from billing is trusted: billing announces every change, so this bounds only a missed one. */
export const ENTITLEMENT_TTL_SECONDS = 30;

export interface Entitlements {
  /** Admins always; everyone else as billing says (cached up to the TTL). */
  isEntitled(identity: Identity, requestId?: string): Promise<boolean>;
  /**
   * What `isEntitled` would answer without waiting, when that is already known in this process (an admin, or an
   * answer kept in an in-process cache); undefined: ask `isEntitled`.
   */
  known(identity: Identity): boolean | undefined;
  /**
   * A product opens for a signed-in caller when it is free (priced 0), it is their own creator's (a creator
   * account's identity names its creator), or the caller is entitled; billing is asked only for the last.
   */
  mayOpen(
    identity: Identity,
    product: { price: number | null; creatorId?: string } | null | undefined,
    requestId?: string,
  ): Promise<boolean>;
  /** Drops the cached answer (billing announced a change), so the next premium request asks billing again. */
  evict(userId: string): Promise<void>;
}

/** Whether the product is the caller's own creator's (a creator account opens its own items, drafts too). */
export const ownItem = (identity: Identity, product: { creatorId?: string }): boolean =>
  identity.creatorId !== undefined && product.creatorId === identity.creatorId;

/**
 * Whether a caller may open premium content, asked of billing and cached. One failure rule for every
 * service: billing not knowing the user (404) means no plan; any other failure (billing down, slow, or an
 * answer in an unknown shape) is a 503 for the caller to retry, never a free pass nor a wrong refusal.
 */
export function createEntitlements({
  billing,
  cache,
  log,
  ttlSeconds = ENTITLEMENT_TTL_SECONDS,
}: {
  billing: Peer;
  cache: Cache;
  log?: Logger;
  ttlSeconds?: number;
}): Entitlements {
  const key = (userId: string) => `entitlement:${userId}`;

  async function askBilling(userId: string, requestId?: string): Promise<boolean> {
    let answer: unknown;
    try {
      answer = await billing.call(billingInternalRoutes.entitlement, { params: { userId } }, { requestId });
    } catch (error) {
      if (error instanceof HttpError && error.status === 404) return false;
      log?.warn({ requestId, userId, err: (error as Error).message }, 'entitlement check failed');
      throw unavailable();
    }
    const parsed = entitlementSchema.safeParse(answer);
    if (!parsed.success) {
      log?.error({ requestId, userId }, 'billing answered an entitlement in an unknown shape');
      throw unavailable();
    }
    return parsed.data.entitled;
  }

  // Bumped by every eviction: billing's answer to a question asked before one is used but not kept, since it
  // may be the plan as it was before the change the eviction announced.
  let evictions = 0;
  // One question to billing per user at a time: callers that find no answer kept while one is on its way wait for
  // that one (a member's many requests when the kept answer expires asked billing once each).
  const asking = new Map<string, Promise<boolean>>();
  const ask = (userId: string, requestId?: string) => {
    const asked = evictions;
    const answer = askBilling(userId, requestId)
      .then(async (entitled) => {
        if (asked === evictions) await cache.set(key(userId), entitled, ttlSeconds);
        return entitled;
      })
      .finally(() => {
        if (asking.get(userId) === answer) asking.delete(userId);
      });
    asking.set(userId, answer);
    return answer;
  };

  const entitlements: Entitlements = {
    known(identity) {
      if (identity.role === 'admin') return true;
      return cache.peek?.<boolean>(key(identity.id));
    },
    async isEntitled(identity, requestId) {
      const known = entitlements.known(identity);
      if (known !== undefined) return known;
      // known() has read an in-process cache (peek); a shared one (Redis) is read here.
      if (!cache.peek) {
        const kept = await cache.get<boolean>(key(identity.id));
        if (kept !== undefined) return kept;
      }
      return asking.get(identity.id) ?? ask(identity.id, requestId);
    },
    async mayOpen(identity, product, requestId) {
      if (product != null && (isFreeProduct(product) || ownItem(identity, product))) return true;
      return entitlements.isEntitled(identity, requestId);
    },
    async evict(userId) {
      evictions += 1;
      // A question asked before the change is not shared with those asked after it.
      asking.delete(userId);
      await cache.del(key(userId));
    },
  };
  return entitlements;
}
