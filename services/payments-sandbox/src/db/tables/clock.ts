import type { Selectable } from 'kysely';

/** One row: how far the sandbox's test clock runs ahead of real time. */
export interface ClockTable {
  id: number;
  offset_seconds: number;
}
export type Clock = Selectable<ClockTable>;
