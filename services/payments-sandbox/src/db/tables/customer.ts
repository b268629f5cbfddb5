import type { ColumnType, Insertable, Selectable, Updateable } from 'kysely';

export interface CustomerTable {
  id: string;
  email: string | null;
  name: string | null;
  metadata: ColumnType<Record<string, string>, string, string>;
  /** The test card on file (sandbox only: test numbers are not secrets); decides renewal outcomes. */
  card_number: string | null;
  created: number;
}
export type Customer = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
export type CustomerUpdate = Updateable<CustomerTable>;
