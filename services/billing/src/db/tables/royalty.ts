import type { ColumnType, Insertable, Selectable } from 'kysely';

/** Minor units or seconds held as bigint: read back as a string by pg, written as a number. */
type Big = ColumnType<string, number, number>;

/** The pool's share of net subscription revenue: one row, absent until an admin sets it. */
export interface RoyaltySettingsTable {
  id: ColumnType<boolean, boolean | undefined, never>;
  pool_share_percent: number;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

/** A closed month's figures, stored when an admin closes it and never changed after. */
export interface RoyaltyMonthTable {
  /** YYYY-MM (UTC). */
  month: string;
  currency: string;
  revenue: Big;
  pool_share_percent: number;
  pool: Big;
  paid_seconds: Big;
  qualifying_seconds: Big;
  closed_at: ColumnType<Date, Date | undefined, never>;
  closed_by: string | null;
}
export type RoyaltyMonth = Selectable<RoyaltyMonthTable>;

export interface RoyaltyStatementTable {
  id: ColumnType<string, string | undefined, never>;
  month: string;
  creator_id: string;
  creator_name: string;
  paid_seconds: Big;
  qualifies: boolean;
  share: number;
  amount: Big;
}
export type RoyaltyStatementRow = Selectable<RoyaltyStatementTable>;
export type NewRoyaltyStatement = Insertable<RoyaltyStatementTable>;

export interface RoyaltyStatementItemTable {
  statement_id: string;
  product_id: string;
  title: string;
  paid_seconds: Big;
  amount: Big;
}

/** Where a creator is paid; `stripe_account_id` once onboarded to Stripe Connect Express. */
export interface CreatorPayoutAccountTable {
  creator_id: string;
  method: 'bank_transfer' | 'paypal' | 'other';
  /** AES-GCM sealed, bound to the creator id (secret-box). */
  reference_sealed: string;
  reference_hint: string;
  holder_name: string | null;
  stripe_account_id: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}
export type CreatorPayoutAccount = Selectable<CreatorPayoutAccountTable>;

/** A statement paid: by hand today, by a Stripe transfer (`transfer_id`) later. */
export interface RoyaltyPayoutTable {
  id: ColumnType<string, string | undefined, never>;
  statement_id: string;
  amount: Big;
  currency: string;
  method: string;
  reference_hint: string;
  note: string | null;
  transfer_id: string | null;
  paid_at: ColumnType<Date, Date | undefined, never>;
  paid_by: string | null;
}
