import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/**
 * One user's progress on one lesson of a course; primary key (user_id, product_id, lesson_id). The
 * product's own rules per lesson; the product's `progress` row holds the course figure derived from these.
 */
export interface LessonProgressTable {
  user_id: string;
  /** The course's `_id` in the content service. */
  product_id: string;
  /** The lesson's id in the content service's curriculum. */
  lesson_id: string;
  /** Whole percent, 0–100, of the furthest point reached in the lesson: never lowered, only a reset. */
  progress: Generated<number>;
  /** Seconds into the lesson where the learner last was: where playback resumes. */
  last_position: Generated<number>;
  /** Seconds: the furthest point reached in the lesson (never lowered, only a reset). */
  furthest_position: Generated<number>;
  /** Sticky: only a reset clears it. */
  completed: Generated<boolean>;
  completed_at: Date | null;
  /** The newest client clock (ms) applied; an older write is stale and ignored. */
  client_ts: number | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type LessonProgressRow = Selectable<LessonProgressTable>;
export type NewLessonProgressRow = Insertable<LessonProgressTable>;
