import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { SubscriptionStatusValue } from '@catalyst/contracts';

/** A mirror of the provider's subscription, always written from a fresh read of the provider. */
export interface SubscriptionTable {
  stripe_subscription_id: string;
  user_id: string;
  stripe_customer_id: string;
  plan: 'premium';
  status: SubscriptionStatusValue;
  current_period_end: Date | null;
  cancel_at_period_end: boolean;
  canceled_at: Date | null;
  ended_at: Date | null;
  /** When the renewal that made it `past_due` failed; null otherwise. */
  past_due_since: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** Until when a `past_due` plan keeps Premium (past_due_since + PAST_DUE_GRACE_DAYS). */
  grace_ends_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** 'provider': the payment provider's subscription; 'gift': a redeemed gift's months (no provider object). */
  source: ColumnType<'provider' | 'gift', 'provider' | 'gift' | undefined, 'provider' | 'gift'>;
  created_at: ColumnType<Date, never, never>;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type Subscription = Selectable<SubscriptionTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
