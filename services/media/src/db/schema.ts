// The media schema: one line per table, each table's types in ./tables.
import type { AssetsTable } from './tables/assets';

export interface Database {
  assets: AssetsTable;
}
