import type { ColumnType, Insertable, Selectable } from 'kysely';

/** The customer-facing code of a coupon, with its own limits. */
export interface PromotionCodeTable {
  id: string;
  code: string;
  coupon: string;
  active: boolean;
  max_redemptions: number | null;
  expires_at: number | null;
  /** restrictions.first_time_transaction: only for a customer who never paid. */
  first_time_transaction: boolean;
  times_redeemed: ColumnType<number, number | undefined, number>;
  metadata: ColumnType<Record<string, string>, string, string>;
  created: number;
}
export type PromotionCode = Selectable<PromotionCodeTable>;
export type NewPromotionCode = Insertable<PromotionCodeTable>;
