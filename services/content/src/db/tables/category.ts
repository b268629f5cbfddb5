import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CategoryTable {
  id: string;
  name: string;
  description: string;
  slug: string;
  icon: Generated<string>;
  color: Generated<string>;
  is_active: Generated<boolean>;
  sort_order: Generated<number>;
  /** Generated column (lower-cased name and description) behind the trigram search index. */
  search_text: ColumnType<string, never, never>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type CategoryRow = Selectable<CategoryTable>;
export type NewCategoryRow = Insertable<CategoryTable>;
export type CategoryUpdate = Updateable<CategoryTable>;
