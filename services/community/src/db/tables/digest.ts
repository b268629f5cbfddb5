import type { ColumnType, Generated } from 'kysely';

/** A person's weekly e-mail: on unless turned off, sent on Monday morning in `time_zone`. */
export interface DigestSettingsTable {
  user_id: string;
  weekly: Generated<boolean>;
  /** An IANA zone ('Europe/Berlin'); 'UTC' until the browser tells. */
  time_zone: Generated<string>;
  updated_at: Generated<Date>;
}

/** One person's digest of one week (`week`: the local Monday it was due), queued once, settled once. */
export interface DigestWeeksTable {
  user_id: string;
  week: ColumnType<string, string, never>;
  queued_at: Generated<Date>;
  settled_at: Date | null;
  outcome: 'sent' | 'nothing' | 'opted-out' | 'gone' | null;
}

/** How far one week's pass over the learners with no zone (progress's, by id) has got. */
export interface DigestFallbackPassesTable {
  week: ColumnType<string, string, never>;
  after: string | null;
  done: Generated<boolean>;
}
