// The progress schema: one line per table, each table's types in ./tables.
import type { ProgressTable } from './tables/progress';

export interface Database {
  progress: ProgressTable;
}
