import type { ColumnType, Insertable, Selectable } from 'kysely';

export interface PriceTable {
  id: string;
  product_name: string;
  unit_amount: number;
  currency: string;
  interval: string;
  /** The name billing finds the price by (`prices.list({ lookup_keys })`). */
  lookup_key: ColumnType<string | null, string | null | undefined, string | null>;
  created: number;
}
export type Price = Selectable<PriceTable>;
export type NewPrice = Insertable<PriceTable>;
