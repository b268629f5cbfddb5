import type { Selectable } from 'kysely';

/** A course's section: an ordered group of lessons. */
export interface CourseSectionTable {
  id: string;
  product_id: string;
  title: string;
  position: number;
}
export type CourseSectionRow = Selectable<CourseSectionTable>;
