// The progress schema: one line per table, each table's types in ./tables.
import type { LessonProgressTable } from './tables/lesson-progress';
import type { ProgressTable } from './tables/progress';

export interface Database {
  progress: ProgressTable;
  lesson_progress: LessonProgressTable;
}
