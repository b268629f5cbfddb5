// `trial_end=<unix seconds>` on a live subscription (what billing does when a gift is redeemed by someone who
// pays already): nothing is charged until then, and the next period starts there, as the provider does it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import { invalidParam } from '../wire/errors';
import { updateSubscription } from './subscriptions.repository';

export async function extendFreePeriod(
  db: Kysely<Database>,
  sub: Subscription,
  trialEnd: unknown,
  now: number,
): Promise<{ sub: Subscription; invoiceId: null }> {
  const at = Number(trialEnd);
  if (!Number.isInteger(at) || at <= now)
    throw invalidParam('trial_end', 'trial_end must be `now` or a timestamp in the future.');
  if (!['active', 'trialing'].includes(sub.status))
    throw invalidParam('trial_end', `A ${sub.status} subscription cannot get a free period.`);
  if (at < sub.current_period_end)
    throw invalidParam('trial_end', 'trial_end cannot end the paid period early.');
  const updated = await updateSubscription(db, sub.id, {
    status: 'trialing',
    trial_end: at,
    current_period_end: at,
  });
  return { sub: updated, invoiceId: null };
}
