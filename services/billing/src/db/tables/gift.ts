import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';
import type { Language } from '@catalyst/contracts/languages';

/** Premium bought for someone else: paid once, redeemed once (or refunded before). */
export interface GiftTable {
  id: ColumnType<string, string | undefined, never>;
  /** 128 random bits, Crockford base 32: the bearer's key. */
  code: string;
  buyer_user_id: string;
  buyer_name: string;
  buyer_email: string | null;
  /** The language the buyer gave it in (null: bought before it was kept, mailed in English). */
  buyer_language: ColumnType<Language | null, Language | null | undefined, Language | null>;
  months: number;
  /** Minor units. */
  amount: number;
  currency: string;
  recipient_name: string;
  recipient_email: string | null;
  delivery: 'email' | 'print';
  /** The day the recipient is mailed: written as YYYY-MM-DD, read as pg's Date of local midnight (dayOf). */
  send_on: ColumnType<Date, string, string>;
  message: string | null;
  status: 'pending' | 'paid' | 'redeemed' | 'refunded';
  checkout_session_id: string | null;
  payment_intent: string | null;
  invoice_id: string | null;
  receipt_sent_at: Date | null;
  sent_at: Date | null;
  redeemed_by: string | null;
  redeemed_at: Date | null;
  refunded_at: Date | null;
  created_at: ColumnType<Date, never, never>;
}
export type Gift = Selectable<GiftTable>;
export type NewGift = Insertable<GiftTable>;
export type GiftUpdate = Updateable<GiftTable>;
