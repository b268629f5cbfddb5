import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Learning time of one learner on one UTC day; primary key (user_id, day). Credited by applied position saves. */
export interface LearningDaysTable {
  user_id: string;
  /** The UTC day (a date column: node-postgres reads it as local midnight, so reads cast it to text). */
  day: ColumnType<Date, string, string>;
  /** Seconds learned that day. */
  seconds: Generated<number>;
}

export type LearningDayRow = Selectable<LearningDaysTable>;
export type NewLearningDayRow = Insertable<LearningDaysTable>;
