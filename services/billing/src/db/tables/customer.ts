import type { ColumnType, Insertable, Selectable } from 'kysely';

/** One payment-provider customer per user. */
export interface CustomerTable {
  user_id: string;
  stripe_customer_id: string;
  email: string | null;
  created_at: ColumnType<Date, never, never>;
}
export type Customer = Selectable<CustomerTable>;
export type NewCustomer = Insertable<CustomerTable>;
