import type { ColumnType, Generated, Insertable, Selectable, Updateable } from 'kysely';

/** One user's progress on one product; primary key (user_id, product_id). */
export interface ProgressTable {
  user_id: string;
  /** The product's `_id` in the content service. */
  product_id: string;
  /** Whole percent, 0–100, of the furthest point reached: re-watching never lowers it, only a reset. */
  progress: Generated<number>;
  /** Seconds into the video where the learner last was: where playback resumes. */
  last_position: Generated<number>;
  /** Seconds: the furthest point reached (never lowered, only a reset). */
  furthest_position: Generated<number>;
  /** Sticky: only a reset clears it. */
  completed: Generated<boolean>;
  completed_at: Date | null;
  /** The newest client clock (ms) applied; an older write is stale and ignored. */
  client_ts: number | null;
  /** A course with lessons: the lesson of the last save (`last_position` is a second of it); null otherwise. */
  current_lesson_id: Generated<string | null>;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export type ProgressRow = Selectable<ProgressTable>;
export type NewProgressRow = Insertable<ProgressTable>;
export type ProgressRowUpdate = Updateable<ProgressTable>;
