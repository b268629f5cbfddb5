import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface CheckoutSessionTable {
  id: string;
  customer: string;
  mode: string;
  /** open | complete | expired */
  status: string;
  /** unpaid | paid */
  payment_status: string;
  price_id: string;
  quantity: number;
  success_url: string;
  cancel_url: string;
  client_reference_id: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  subscription_metadata: ColumnType<Record<string, string>, string, string>;
  subscription: string | null;
  expires_at: number;
  created: number;
  trial_period_days: ColumnType<number | null, number | null | undefined, number | null>;
  allow_promotion_codes: ColumnType<boolean, boolean | undefined, boolean>;
  /** The promotion code applied (`discounts: [{ promotion_code }]`). */
  promotion_code: ColumnType<string | null, string | null | undefined, string | null>;
}
export type CheckoutSession = Selectable<CheckoutSessionTable>;
export type NewCheckoutSession = Insertable<CheckoutSessionTable>;
export type CheckoutSessionUpdate = Updateable<CheckoutSessionTable>;
