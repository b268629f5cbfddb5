import { createInternalClient, type InternalClient } from '@catalyst/service-kit';

/** The services the admin area asks over their /internal routes. */
export interface AdminPeers {
  /** GET /internal/users/count */
  auth: InternalClient;
  /** GET /internal/subscribers/count */
  billing: InternalClient;
  /** DELETE /internal/progress/products/:productId */
  progress: InternalClient;
}

export interface PeerConfig {
  AUTH_URL: string;
  BILLING_URL: string;
  PROGRESS_URL: string;
  INTERNAL_SECRET: string;
}

/** The dashboard must not wait long on a slow peer: its figure is shown as unknown instead. */
const STATS_TIMEOUT_MS = 2_000;

export function createAdminPeers(config: PeerConfig): AdminPeers {
  return {
    auth: createInternalClient({ baseUrl: config.AUTH_URL, secret: config.INTERNAL_SECRET, timeoutMs: STATS_TIMEOUT_MS }),
    billing: createInternalClient({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET, timeoutMs: STATS_TIMEOUT_MS }),
    progress: createInternalClient({ baseUrl: config.PROGRESS_URL, secret: config.INTERNAL_SECRET }),
  };
}
