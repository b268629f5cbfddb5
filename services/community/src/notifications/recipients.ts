import { authInternalRoutes, type UserSummary } from '@catalyst/contracts';
import type { Peer } from '@catalyst/service-kit';

/** Auth's lookup takes at most this many ids per call. */
const LOOKUP_CHUNK = 500;

/**
 * Names and e-mail addresses of these people, asked of auth when a mail is about to go (community never
 * keeps addresses). An account that no longer exists is simply absent.
 */
export async function lookupRecipients(auth: Peer, userIds: string[]): Promise<Map<string, UserSummary>> {
  const found = new Map<string, UserSummary>();
  const unique = [...new Set(userIds)];
  for (let i = 0; i < unique.length; i += LOOKUP_CHUNK) {
    const users = await auth.call(authInternalRoutes.lookupUsers, { body: { ids: unique.slice(i, i + LOOKUP_CHUNK) } });
    for (const user of users) found.set(user.id, user);
  }
  return found;
}
