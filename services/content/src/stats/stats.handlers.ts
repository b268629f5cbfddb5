import {
  authInternalRoutes,
  billingInternalRoutes,
  countSchema,
  type AdminStats,
  type statsRoutes,
} from '@catalyst/contracts';
import type { Logger, Peer, RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { countCatalog } from './stats.repository';

/** The dashboard must not wait long on a slow peer: its figure is shown as unknown instead. */
const PEER_COUNT_TIMEOUT_MS = 2_000;

/** A peer's count, or null when it cannot be reached or answers in an unknown shape. */
async function peerCount(
  peer: Peer,
  route: typeof authInternalRoutes.userCount | typeof billingInternalRoutes.subscriberCount,
  log: Logger,
  requestId: string,
): Promise<number | null> {
  try {
    const parsed = countSchema.safeParse(
      await peer.call(route, {}, { requestId, timeoutMs: PEER_COUNT_TIMEOUT_MS }),
    );
    if (parsed.success) return parsed.data.count;
    log.warn({ path: route.path }, 'peer answered a count in an unknown shape');
  } catch (error) {
    log.warn({ path: route.path, err: (error as Error).message }, 'peer count unavailable');
  }
  return null;
}

export function createStatsHandlers({
  db,
  peers,
}: Pick<Deps, 'db' | 'peers'>): RouteHandlers<typeof statsRoutes> {
  return {
    /** The dashboard's real figures; users and subscribers are null when their service is down. */
    async get({ requestId, log }) {
      const [catalog, users, subscribers] = await Promise.all([
        countCatalog(db),
        peerCount(peers.auth, authInternalRoutes.userCount, log, requestId),
        peerCount(peers.billing, billingInternalRoutes.subscriberCount, log, requestId),
      ]);
      const stats: AdminStats = { ...catalog, users, subscribers };
      return stats;
    },
  };
}
