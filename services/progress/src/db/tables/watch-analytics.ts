import type { ColumnType, Generated, Selectable } from 'kysely';

/** What one applied position save credited (learningCredit writes it); rolled by the analytics job, then deleted. */
export interface WatchEventsTable {
  id: Generated<string>;
  user_id: string;
  product_id: string;
  /** The lesson of a course; null for a single video. */
  lesson_id: string | null;
  /** The UTC day of the save (reads cast it to text). */
  day: ColumnType<Date, string, string>;
  /** Real seconds credited: capped by the wall clock since the row's last write, so 2× speed counts half. */
  seconds: number;
  /** Null until rolled; then whether the watcher held a paid plan when the job rolled it. */
  paid: boolean | null;
}

/** One product's viewing on one UTC day; primary key (product_id, day). */
export interface ItemDaysTable {
  product_id: string;
  day: ColumnType<Date, string, string>;
  seconds: number;
  paid_seconds: number;
  /** Distinct learners who watched that day. */
  learners: number;
  /** Product rows completed that day. */
  completions: number;
}

/** A product's standing across all time, refreshed by the job when it was watched or completed. */
export interface ItemFiguresTable {
  product_id: string;
  learners: number;
  percent_average: number;
  completed: number;
  refreshed_at: Generated<Date>;
}

/** A course lesson's learners who started it and who finished it (the drop-off chart). */
export interface LessonFiguresTable {
  product_id: string;
  lesson_id: string;
  started: number;
  finished: number;
}

/** The job's place: completions up to this time are rolled. */
export interface AnalyticsRollupStateTable {
  id: Generated<boolean>;
  completions_until: Date;
}

export type ItemDayRow = Selectable<ItemDaysTable>;
