import type { Kysely } from 'kysely';
import type { SubscriptionStatus } from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import { findPlanTerms } from './plans.repository';

/** The status with its plan's terms: monthly or annual, the trial's end, a switch waiting for the renewal. */
export async function withPlanTerms(
  db: Kysely<Database>,
  status: SubscriptionStatus,
  row: Subscription | undefined,
): Promise<SubscriptionStatus> {
  if (!status.hasSubscription || !row) return status;
  const terms = await findPlanTerms(db, row.stripe_subscription_id);
  if (!terms) return status;
  return {
    ...status,
    interval: terms.interval,
    trialEnd: status.status === 'trialing' && terms.trial_end ? terms.trial_end.toISOString() : null,
    scheduledInterval: terms.scheduled_interval,
  };
}
