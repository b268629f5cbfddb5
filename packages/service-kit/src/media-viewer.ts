import type { Identity } from '@catalyst/contracts';
import type { Entitlements } from './entitlements';
import type { MediaViewer } from './media-urls';

/**
 * The viewer a service signs media addresses and a grant for: the caller, with `plan` when their plan is
 * active now (admins always), else `free`. Asked of the cached entitlement (a premium page has just asked
 * it); billing failing makes it `free`, so a free product or preview still plays and nothing premium opens.
 */
export async function mediaViewerOf(
  entitlements: Pick<Entitlements, 'isEntitled'>,
  identity: Identity,
  requestId?: string,
): Promise<MediaViewer> {
  const entitled = await entitlements.isEntitled(identity, requestId).catch(() => false);
  return { userId: identity.id, access: entitled ? 'plan' : 'free' };
}
