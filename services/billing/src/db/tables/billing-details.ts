import type { ColumnType, Selectable } from 'kysely';

/** What a user's receipts name: the billing e-mail, and optionally a company and its VAT number. */
export interface BillingDetailsTable {
  user_id: string;
  email: string;
  company_name: string | null;
  vat_number: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type BillingDetailsRow = Selectable<BillingDetailsTable>;
