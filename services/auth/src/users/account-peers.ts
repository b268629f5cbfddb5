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
    // The provider call behind billing's answer may take a few seconds.
    billing: createInternalClient({ baseUrl: config.BILLING_URL, secret: config.INTERNAL_SECRET, timeoutMs: 15_000 }),
    progress: createInternalClient({ baseUrl: config.PROGRESS_URL, secret: config.INTERNAL_SECRET }),
  };
}
