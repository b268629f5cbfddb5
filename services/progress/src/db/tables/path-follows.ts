import type { ColumnType } from 'kysely';

/** A learner following a learning path (content owns the path and its items). */
export interface PathFollowsTable {
  user_id: string;
  path_id: string;
  followed_at: ColumnType<Date, Date | string | undefined, never>;
}
