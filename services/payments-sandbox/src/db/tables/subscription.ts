import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface SubscriptionTable {
  id: string;
  customer: string;
  price_id: string;
  /** active | past_due | canceled (the statuses the sandbox moves through) */
  status: string;
  current_period_start: number;
  current_period_end: number;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  ended_at: number | null;
  /** When the first unpaid renewal failed; the sandbox's retry schedule counts from here. */
  past_due_since: number | null;
  latest_invoice: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  created: number;
  trial_start: ColumnType<number | null, number | null | undefined, number | null>;
  /** While trialing, the period ends here and the card is first charged. */
  trial_end: ColumnType<number | null, number | null | undefined, number | null>;
  /** The promotion code whose coupon discounts this subscription's invoices. */
  promotion_code: ColumnType<string | null, string | null | undefined, string | null>;
  discount_start: ColumnType<number | null, number | null | undefined, number | null>;
  /** Invoices made before this moment are discounted; null with a code: every invoice (forever). */
  discount_end: ColumnType<number | null, number | null | undefined, number | null>;
  /** How many of the price (seats of a team plan); 1 for a personal plan. */
  quantity: ColumnType<number, number | undefined, number>;
}
export type Subscription = Selectable<SubscriptionTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
export type SubscriptionUpdate = Updateable<SubscriptionTable>;
