import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A discount's terms: percent or amount off, for once, N months (repeating) or forever. */
export interface CouponTable {
  id: string;
  name: string | null;
  percent_off: number | null;
  amount_off: number | null;
  currency: string | null;
  /** once | repeating | forever */
  duration: string;
  duration_in_months: number | null;
  max_redemptions: number | null;
  redeem_by: number | null;
  times_redeemed: ColumnType<number, number | undefined, number>;
  metadata: ColumnType<Record<string, string>, string, string>;
  created: number;
}
export type Coupon = Selectable<CouponTable>;
export type NewCoupon = Insertable<CouponTable>;
