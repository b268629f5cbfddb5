import type { Context } from 'hono';
import { countSchema, type AdminStats } from '@catalyst/contracts';
import { ok, type AppEnv, type InternalClient, type Logger } from '@catalyst/service-kit';
import type { AdminRouteDeps } from './adminDeps';
import { countCatalogue } from './admin.repository';

/** A peer's count, or null when it cannot be reached or answers in an unknown shape. */
async function peerCount(client: InternalClient, path: string, log: Logger, requestId: string): Promise<number | null> {
  try {
    const parsed = countSchema.safeParse(await client.get(path, requestId));
    if (parsed.success) return parsed.data.count;
    log.warn({ path }, 'peer answered a count in an unknown shape');
  } catch (error) {
    log.warn({ path, err: (error as Error).message }, 'peer count unavailable');
  }
  return null;
}

/** GET /admin/stats: the dashboard's real figures; users and subscribers are null when their service is down. */
export const getStats = (deps: AdminRouteDeps) => async (c: Context<AppEnv>) => {
  const requestId = c.get('requestId');
  const log = c.get('log');
  const [catalogue, users, subscribers] = await Promise.all([
    countCatalogue(deps.db),
    peerCount(deps.peers.auth, '/internal/users/count', log, requestId),
    peerCount(deps.peers.billing, '/internal/subscribers/count', log, requestId),
  ]);
  const stats: AdminStats = { ...catalogue, users, subscribers };
  return ok(c, stats);
};
