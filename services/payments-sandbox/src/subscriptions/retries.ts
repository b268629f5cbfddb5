// The provider's retry schedule for a failed renewal (Stripe's "retry schedule" setting): the open invoice is
// charged again 1, 3 and 5 days after the first failure; when the last retry fails the subscription ends.
import type { Invoice } from '../db/tables/invoice';

/** Days after the failed renewal on which the open invoice is retried; the last one ends the subscription. */
export const RETRY_DAYS = [1, 3, 5] as const;
const DAY = 86_400;

/** The earliest a past-due subscription can be due again (what the clock's query looks for). */
export const FIRST_RETRY_SECONDS = RETRY_DAYS[0] * DAY;

/**
 * When the invoice's next scheduled retry runs (unix seconds), and whether it is the last; null when it is
 * paid or void. `attempt_count` 1 is the failed renewal.
 */
export function nextRetry(
  invoice: Pick<Invoice, 'status' | 'attempt_count' | 'created'>,
): { at: number; final: boolean } | null {
  if (invoice.status !== 'open') return null;
  // A card changed in the portal is an extra attempt: it brings the schedule's end nearer, never past it.
  const index = Math.max(0, Math.min(invoice.attempt_count - 1, RETRY_DAYS.length - 1));
  return { at: invoice.created + RETRY_DAYS[index]! * DAY, final: index === RETRY_DAYS.length - 1 };
}
