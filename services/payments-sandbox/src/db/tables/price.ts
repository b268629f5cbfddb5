import type { Insertable, Selectable } from 'kysely';

export interface PriceTable {
  id: string;
  product_name: string;
  unit_amount: number;
  currency: string;
  interval: string;
  created: number;
}
export type Price = Selectable<PriceTable>;
export type NewPrice = Insertable<PriceTable>;
