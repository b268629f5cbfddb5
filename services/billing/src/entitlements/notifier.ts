import { createInternalClient, type Logger } from '@catalyst/service-kit';

/** Tells the services that cache entitlement that a user's subscription changed. */
export type EntitlementNotifier = (userId: string, requestId?: string) => Promise<void>;

/**
 * Best effort: content and progress evict their cached entitlement for the user. A peer that is down
 * is logged, not fatal: its cache expires within 30 seconds anyway.
 */
export function createEntitlementNotifier({ urls, secret, log }: { urls: string[]; secret: string; log: Logger }): EntitlementNotifier {
  const clients = urls.map((baseUrl) => ({ baseUrl, client: createInternalClient({ baseUrl, secret, timeoutMs: 1_500 }) }));
  return async (userId, requestId) => {
    const results = await Promise.allSettled(clients.map(({ client }) => client.post('/internal/entitlements/evict', { userId }, requestId)));
    results.forEach((result, i) => {
      if (result.status === 'rejected') {
        log.warn({ userId, peer: clients[i]!.baseUrl, err: String(result.reason?.message ?? result.reason) }, 'entitlement eviction failed');
      }
    });
  };
}
