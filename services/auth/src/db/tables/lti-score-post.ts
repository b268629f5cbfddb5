import type { ColumnType, Selectable } from 'kysely';

/** A score to send to a platform's line item, once per (target, event), retried with back-off until sent. */
export interface LtiScorePostTable {
  id: ColumnType<string, string | undefined, never>;
  target_id: string;
  event_id: string;
  score: ColumnType<Record<string, unknown>, string, never>;
  attempts: ColumnType<number, number | undefined, number>;
  next_at: ColumnType<Date, Date | undefined, Date>;
  sent_at: ColumnType<Date | null, never, Date>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: ColumnType<Date, never, never>;
}
export type LtiScorePost = Selectable<LtiScorePostTable>;
