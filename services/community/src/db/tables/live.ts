import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A webinar's live session (one per product). */
export interface LiveSessionsTable {
  product_id: string;
  /** The product's short public id (its page address), kept for links in e-mails and calendars. */
  product_key: string;
  title: string;
  starts_at: Timestamp;
  duration_minutes: number;
  join_url: string;
  recording_asset_id: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}
export type LiveSessionRow = Selectable<LiveSessionsTable>;

/** A member registered for a session; `reminded_for` is the start time their reminder announced. */
export interface LiveRegistrationsTable {
  product_id: string;
  user_id: string;
  created_at: Timestamp;
  reminded_for: NullableTimestamp;
  /** The start time their in-app notice announced (10 minutes before). */
  noticed_for: NullableTimestamp;
}

export interface LiveQuestionsTable {
  id: string;
  seq: ColumnType<string, never, never>;
  product_id: string;
  author_id: string;
  author_name: string;
  author_is_admin: Generated<boolean>;
  body: string;
  upvotes: Generated<number>;
  answered_at: NullableTimestamp;
  created_at: Timestamp;
  /** The number of the question's latest change (a sequence): event streams resume after it. */
  change_seq: ColumnType<string, never, string | undefined>;
}
export type LiveQuestionRow = Selectable<LiveQuestionsTable>;

export interface LiveQuestionVotesTable {
  question_id: string;
  user_id: string;
  created_at: Timestamp;
}
