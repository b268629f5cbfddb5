import type { ColumnType, Insertable, Selectable } from 'kysely';

/** A mirror of the provider's invoices, written from its invoice events (the admin figures read it). */
export interface InvoiceTable {
  stripe_invoice_id: string;
  user_id: string | null;
  stripe_customer_id: string;
  stripe_subscription_id: string | null;
  /** draft | open | paid | uncollectible | void */
  status: string;
  billing_reason: string | null;
  amount_due: number;
  amount_paid: number;
  /** The tax in amount_paid (minor units): revenue for the royalty pool is counted before it. */
  tax: ColumnType<number, number | undefined, number>;
  currency: string;
  attempt_count: number;
  period_start: Date | null;
  period_end: Date | null;
  created: Date;
  paid_at: Date | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type InvoiceRow = Selectable<InvoiceTable>;
export type NewInvoiceRow = Insertable<InvoiceTable>;
