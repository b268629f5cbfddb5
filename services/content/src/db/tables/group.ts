import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** The shape shared by the two ways the catalogue is grouped: categories and creators (same columns). */
export interface GroupTable {
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
export type GroupRow = Selectable<GroupTable>;
export type NewGroupRow = Insertable<GroupTable>;
export type GroupUpdate = Updateable<GroupTable>;
