import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A one-off card payment (checkout mode=payment) and how much of it was refunded. */
export interface PaymentIntentTable {
  id: string;
  customer: string;
  checkout_session: string;
  amount: number;
  amount_refunded: ColumnType<number, number | undefined, number>;
  currency: string;
  /** succeeded */
  status: string;
  description: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  created: number;
}
export type PaymentIntent = Selectable<PaymentIntentTable>;
export type NewPaymentIntent = Insertable<PaymentIntentTable>;
