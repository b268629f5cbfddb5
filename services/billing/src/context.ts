import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Logger } from '@catalyst/service-kit';
import type { Config } from './config';
import type { Database } from './db/schema';
import type { EntitlementNotifier } from './entitlements/notifier';

/** What billing's operations need: passed in, so tests build their own. */
export interface BillingContext {
  config: Config;
  db: Kysely<Database>;
  stripe: Stripe;
  log: Logger;
  notifyEntitlementChange: EntitlementNotifier;
}
