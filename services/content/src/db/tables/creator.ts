import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

export interface CreatorTable {
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
export type CreatorRow = Selectable<CreatorTable>;
export type NewCreatorRow = Insertable<CreatorTable>;
export type CreatorUpdate = Updateable<CreatorTable>;
