import type { ColumnType, Selectable } from 'kysely';
import type { ModerationAction } from '@catalyst/contracts';

/** Every moderation action (an author deleting their own post included), newest last. */
export interface ModerationLogTable {
  id: string;
  seq: ColumnType<string, never, never>;
  action: ModerationAction;
  thread_id: string;
  post_id: string | null;
  moderator_id: string;
  moderator_name: string;
  moderator_is_admin: boolean;
  reason: string | null;
  created_at: ColumnType<Date, Date | string | undefined, never>;
}
export type ModerationLogRow = Selectable<ModerationLogTable>;
