import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface InvoiceTable {
  id: string;
  customer: string;
  subscription: string;
  /** paid | open | void */
  status: string;
  amount_due: number;
  amount_paid: number;
  currency: string;
  billing_reason: string;
  attempt_count: number;
  period_start: number;
  period_end: number;
  created: number;
  /** Before discounts; null on rows made before discounts existed (the amount due then). */
  subtotal: ColumnType<number | null, number | null | undefined, number | null>;
  total_discount: ColumnType<number, number | undefined, number>;
  /** The invoice's lines (a proration's credit and charge); empty: one line for the period. */
  lines: ColumnType<InvoiceLine[], string | undefined, string>;
}

export interface InvoiceLine {
  amount: number;
  description: string;
  proration: boolean;
  period_start: number;
  period_end: number;
}
export type Invoice = Selectable<InvoiceTable>;
export type NewInvoice = Insertable<InvoiceTable>;
export type InvoiceUpdate = Updateable<InvoiceTable>;
