import type { ColumnType, Selectable } from 'kysely';
import type { Difficulty } from '@catalyst/contracts';

/** A learning path: an ordered list of products and courses towards a goal (its items: learning_path_items). */
export interface LearningPathTable {
  id: string;
  slug: string;
  title: string;
  description: string;
  level: Difficulty;
  /** numeric(5,1): pg returns a string. */
  estimated_hours: ColumnType<string, number | string, number | string>;
  is_published: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
export type LearningPathRow = Selectable<LearningPathTable>;

/** One item of a path: a product (a course is a product of type course) at its place. */
export interface LearningPathItemTable {
  path_id: string;
  position: number;
  product_id: string;
}
