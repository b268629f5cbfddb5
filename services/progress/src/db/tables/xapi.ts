import type { ColumnType, Generated, Selectable } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

/** The site's learning record store (one row); the secret AES-GCM sealed (service-kit secret-box), never answered. */
export interface XapiSettingsTable {
  id: Generated<boolean>;
  endpoint: string;
  lrs_key: string;
  secret_sealed: string;
  enabled: boolean;
  updated_at: Timestamp;
}
export type XapiSettingsRow = Selectable<XapiSettingsTable>;

/** A statement built from an event, by its id (UUID v5 of the event's): waiting until `sent_at`, retried meanwhile. */
export interface XapiStatementsTable {
  id: string;
  statement: ColumnType<unknown, string, string>;
  queued_at: Timestamp;
  attempts: Generated<number>;
  next_attempt_at: Timestamp;
  sent_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

/** One send to the LRS (a batch, or the admin's test statement) and what the LRS answered. */
export interface XapiDeliveriesTable {
  id: Generated<string>;
  at: Timestamp;
  kind: 'batch' | 'test';
  statements: number;
  delivered: boolean;
  status: number | null;
  answer: string | null;
}
