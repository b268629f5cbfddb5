import type { ColumnType, Selectable } from 'kysely';

/** Where a learner's results on one resource link go back (AGS), as the latest launch named it. */
export interface LtiGradeTargetTable {
  id: ColumnType<string, string | undefined, never>;
  user_id: string;
  platform_id: string;
  /** The platform's id of the learner, the score's userId. */
  sub: string;
  resource_link_id: string;
  /** What the link opens: its product (id, productId or slug) and lesson, if one. */
  product_key: string | null;
  lesson_id: string | null;
  lineitem: string | null;
  lineitems: string | null;
  scopes: string[];
  updated_at: ColumnType<Date, Date | undefined, Date>;
}
export type LtiGradeTarget = Selectable<LtiGradeTargetTable>;
