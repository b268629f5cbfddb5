import {
  authInternalRoutes,
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  COMMUNITY_RATES,
  userSummarySchema,
  type Identity,
} from '@catalyst/contracts';
import { fixedWindowLimit, type Cache, type Logger, type Peer } from '@catalyst/service-kit';
import { z } from 'zod';

const HOUR_SECONDS = 3_600;
/** An account's creation time never changes: kept a day. */
const CREATED_AT_TTL_SECONDS = 24 * HOUR_SECONDS;

/**
 * How often a person may post (threads and replies together): COMMUNITY_RATES per hour, the stricter rate
 * while the account is younger than COMMUNITY_LIMITS.newAccountHours. The account's age is asked of auth
 * (its user lookup answers createdAt) and cached; when auth cannot say, the stricter rate applies.
 * Counted in the shared cache (Redis when configured), so it holds across replicas.
 */
export function createPostingRate({
  auth,
  cache,
  log,
  now,
}: {
  auth: Peer;
  cache: Cache;
  log: Logger;
  now: () => Date;
}) {
  const options = {
    name: 'community-posts',
    windowSeconds: HOUR_SECONDS,
    message: COMMUNITY_MESSAGES.rateLimited,
  };
  const newAccount = fixedWindowLimit(cache, { ...options, max: COMMUNITY_RATES.newAccount });
  const established = fixedWindowLimit(cache, { ...options, max: COMMUNITY_RATES.established });

  async function createdAt(userId: string, requestId?: string): Promise<number | null> {
    const key = `account-created:${userId}`;
    const cached = await cache.get<number>(key);
    if (cached !== undefined) return cached;
    try {
      const users = z
        .array(userSummarySchema)
        .parse(await auth.call(authInternalRoutes.lookupUsers, { body: { ids: [userId] } }, { requestId }));
      const made = users[0]?.createdAt ? Date.parse(users[0].createdAt) : NaN;
      if (Number.isNaN(made)) return null;
      await cache.set(key, made, CREATED_AT_TTL_SECONDS);
      return made;
    } catch (error) {
      log.warn(
        { requestId, userId, err: (error as Error).message },
        'account age unknown: the new-account posting rate applies',
      );
      return null;
    }
  }

  /** Counts one post, or throws 429 (Retry-After) when the caller has posted their hour's share. Admins are not limited. */
  return async function take(identity: Identity, requestId?: string): Promise<void> {
    if (identity.role === 'admin') return;
    const made = await createdAt(identity.id, requestId);
    const young =
      made === null || now().getTime() - made < COMMUNITY_LIMITS.newAccountHours * HOUR_SECONDS * 1000;
    await (young ? newAccount : established)(identity.id);
  };
}
export type PostingRate = ReturnType<typeof createPostingRate>;
