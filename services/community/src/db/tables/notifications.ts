import type { ColumnType, Generated } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A person who gets an e-mail when someone replies to the thread. */
export interface ThreadFollowsTable {
  thread_id: string;
  user_id: string;
  created_at: Timestamp;
}

/** Per person: the last notification e-mail, whether replies wait for the next one, and a global opt-out. */
export interface MailRecipientsTable {
  user_id: string;
  last_sent_at: NullableTimestamp;
  pending_since: NullableTimestamp;
  unsubscribed_at: NullableTimestamp;
}

/** A reply waiting to be mailed to one person. */
export interface PendingNotificationsTable {
  user_id: string;
  post_id: string;
  thread_id: string;
  created_at: Timestamp;
}

/** Every notification e-mail sent. */
export interface NotificationSendsTable {
  id: Generated<string>;
  user_id: string;
  sent_at: Timestamp;
  thread_count: number;
  reply_count: number;
}
