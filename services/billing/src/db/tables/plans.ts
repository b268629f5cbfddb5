import type { ColumnType, Insertable, Selectable } from 'kysely';
import type { BillingInterval } from '@catalyst/contracts';

type Defaulted<T> = ColumnType<T, T | undefined, T>;

/** A subscription's plan as the provider last read it (the mirror's companion, written by the same sync). */
export interface PlanTermsTable {
  stripe_subscription_id: string;
  interval: Defaulted<BillingInterval>;
  trial_end: Date | null;
  /** An annual plan switching to monthly at its renewal (through the provider's schedule). */
  scheduled_interval: Defaulted<BillingInterval | null>;
  schedule_id: Defaulted<string | null>;
  updated_at: Defaulted<Date>;
}
export type PlanTerms = Selectable<PlanTermsTable>;

/** A free trial taken: one per account, and one per card (its fingerprint). */
export interface TrialClaimTable {
  user_id: string;
  stripe_subscription_id: string;
  card_fingerprint: string | null;
  reminder_sent_at: Defaulted<Date | null>;
  created_at: ColumnType<Date, never, never>;
}
export type TrialClaim = Selectable<TrialClaimTable>;

export interface PromotionCodeTable {
  /** The provider's promotion code id (promo_…). */
  id: string;
  coupon_id: string;
  code: string;
  kind: 'percent' | 'amount';
  percent_off: number | null;
  /** Minor units. */
  amount_off: number | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  first_time_only: boolean;
  max_redemptions: number | null;
  expires_at: Date | null;
  interval: BillingInterval | null;
  active: Defaulted<boolean>;
  created_at: ColumnType<Date, never, never>;
}
export type PromotionCode = Selectable<PromotionCodeTable>;
export type NewPromotionCode = Insertable<PromotionCodeTable>;

export interface PromotionRedemptionTable {
  promotion_code_id: string;
  user_id: string;
  stripe_subscription_id: string;
  interval: BillingInterval;
  created_at: ColumnType<Date, never, never>;
}

/** The one open checkout a person holds with a code; a newer one expires it. */
export interface PromotionHoldTable {
  promotion_code_id: string;
  user_id: string;
  checkout_session_id: string;
  created_at: ColumnType<Date, never, never>;
}
