import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';
import type { AdminQuiz, LessonKind } from '@catalyst/contracts';

/** A lesson of a section: a video, an article or a quiz. */
export interface CourseLessonTable {
  id: string;
  section_id: string;
  /** The section's product, kept on the lesson for the product's reads in one step. */
  product_id: string;
  title: string;
  kind: LessonKind;
  position: number;
  duration_seconds: number | null;
  is_free_preview: Generated<boolean>;
  /** Served only to whoever may open the lesson. */
  video_url: string | null;
  media_asset_id: string | null;
  /** An article's sanitised HTML. */
  body: string | null;
  /** A quiz lesson's questions with their answers (jsonb, written as its JSON text); null for any other kind. */
  quiz: ColumnType<AdminQuiz | null, string | null | undefined, string | null>;
}
export type CourseLessonRow = Selectable<CourseLessonTable>;
export type NewCourseLessonRow = Insertable<CourseLessonTable>;
