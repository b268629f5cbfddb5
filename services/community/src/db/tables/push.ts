import type { ColumnType, Generated } from 'kysely';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** A browser that gets a person's push notifications: its push service endpoint and its encryption keys. */
export interface PushSubscriptionsTable {
  /** A bigint (pg hands it over as a string). */
  id: ColumnType<string, never, never>;
  user_id: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for the payload's encryption. */
  p256dh: string;
  auth: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  last_success_at: NullableTimestamp;
}

/** A push waiting to be sent: one notification to one browser, tried again with back-off while the service fails. */
export interface PushSendsTable {
  id: ColumnType<string, never, never>;
  subscription_id: string;
  notification_seq: string | number;
  attempts: Generated<number>;
  next_attempt_at: ColumnType<Date, Date | string, Date | string>;
  last_error: ColumnType<string | null, string | null | undefined, string | null>;
}
