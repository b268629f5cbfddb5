// A failed renewal keeps Premium for a grace period (PAST_DUE_GRACE_DAYS) while the provider retries the card.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { idOf, isMissingResource, providerCall } from '../provider/stripe';
import { findSubscriptionById } from '../subscriptions/subscriptions.repository';

const DAY_MS = 86_400_000;

/**
 * When a `past_due` subscription fell behind and until when it keeps Premium: the first failed invoice's
 * date, kept from the mirror once known (a retry does not restart the grace), else read of the provider.
 * Any other status clears both.
 */
export async function pastDueGrace(
  deps: Pick<Deps, 'stripe' | 'log' | 'config'>,
  trx: Kysely<Database>,
  sub: Stripe.Subscription,
): Promise<{ past_due_since: Date | null; grace_ends_at: Date | null }> {
  if (sub.status !== 'past_due') return { past_due_since: null, grace_ends_at: null };
  const mirrored = await findSubscriptionById(trx, sub.id);
  let since = mirrored?.status === 'past_due' ? mirrored.past_due_since : null;
  const invoiceId = idOf(sub.latest_invoice);
  if (!since && invoiceId) {
    try {
      const invoice = await providerCall(() => deps.stripe.invoices.retrieve(invoiceId), deps.log);
      since = new Date(invoice.created * 1000);
    } catch (error) {
      if (!isMissingResource(error)) throw error;
    }
  }
  since ??= new Date();
  return {
    past_due_since: since,
    grace_ends_at: new Date(since.getTime() + deps.config.PAST_DUE_GRACE_DAYS * DAY_MS),
  };
}
