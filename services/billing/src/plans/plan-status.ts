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
  // A gift's months are no plan billed by the provider: nothing to switch, cancel or reactivate.
  if (row.source === 'gift') return { ...status, gift: true };
  const terms = await findPlanTerms(db, row.stripe_subscription_id);
  // A plan mirrored before plans had terms (the demo member's, say) was monthly: the only plan then.
  return {
    ...status,
    interval: terms?.interval ?? 'month',
    trialEnd: status.status === 'trialing' && terms?.trial_end ? terms.trial_end.toISOString() : null,
    scheduledInterval: terms?.scheduled_interval ?? null,
  };
}
