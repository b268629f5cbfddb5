import type { ColumnType, Generated, Selectable } from 'kysely';

/** A product a member saved for later. */
export interface SavedProductTable {
  user_id: string;
  product_id: string;
  /** Identity: the list's order (newest first) and its cursor; pg returns bigint as a string. */
  seq: ColumnType<string, never, never>;
  saved_at: Generated<Date>;
}
export type SavedProductRow = Selectable<SavedProductTable>;
