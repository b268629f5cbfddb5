import type { ColumnType } from 'kysely';

/** A learner's player settings; a learner without a row has the defaults (DEFAULT_PLAYER_SETTINGS). */
export interface PlayerSettingsTable {
  user_id: string;
  /** A finished lesson counts down to the next one and starts it. */
  autoplay: boolean;
  updated_at: ColumnType<Date, Date | string | undefined, Date | string>;
}
