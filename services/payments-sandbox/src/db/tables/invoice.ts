import type { Insertable, Selectable, Updateable } from 'kysely';

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
}
export type Invoice = Selectable<InvoiceTable>;
export type NewInvoice = Insertable<InvoiceTable>;
export type InvoiceUpdate = Updateable<InvoiceTable>;
