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
}
export type Subscription = Selectable<SubscriptionTable>;
export type NewSubscription = Insertable<SubscriptionTable>;
export type SubscriptionUpdate = Updateable<SubscriptionTable>;
