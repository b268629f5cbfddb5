import type { Selectable } from 'kysely';

/** Learners who watched both products; primary key (product_id, other_id), both directions stored. */
export interface CoWatchedTable {
  product_id: string;
  other_id: string;
  learners: number;
}

export type CoWatchedRow = Selectable<CoWatchedTable>;
