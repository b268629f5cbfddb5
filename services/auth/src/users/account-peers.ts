import { createInternalClient, type InternalClient } from '@catalyst/service-kit';

/** The services that hold a user's data elsewhere; account deletion asks them over their /internal routes. */
export interface AccountPeers {
  /** DELETE /internal/customers/:userId — cancels the subscription at the provider at once. */
  billing: InternalClient;
  /** DELETE /internal/progress/users/:userId — removes the user's progress rows. */
  progress: InternalClient;
}

export function createAccountPeers(config: { BILLING_URL: string; PROGRESS_URL: string; INTERNAL_SECRET: string }): AccountPeers {
  return {
    // The provider call behind billing's answer may take seconds, but billing + progress must stay inside
    // the gateway's 10 s auth timeout so the person gets our answer; billing's cancel is safe to retry.
    billing: createInternalClient({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET, timeoutMs: 6_000 }),
    progress: createInternalClient({ baseUrl: config.PROGRESS_URL, secret: config.INTERNAL_SECRET }),
  };
}
