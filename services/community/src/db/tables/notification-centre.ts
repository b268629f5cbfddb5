import type { ColumnType, Generated, Selectable } from 'kysely';
import type { NotificationType } from '@catalyst/contracts';

type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

/** One notification of one person; `seq` is its id and the list's keyset. */
export interface NotificationsTable {
  /** A bigint (pg hands it over as a number or a string): String() it. */
  seq: ColumnType<string | number, never, never>;
  user_id: string;
  type: NotificationType;
  /** What it is about (`reply:<postId>`): the same fact never notifies a person twice. */
  dedupe_key: string;
  /** In English, as stored: what a row without `wording` (stored before it was kept) reads. */
  title: string;
  body: Generated<string>;
  /** Which sentence it says (a `Wording` of ../notifications/wording.ts) and the values in it. */
  wording: ColumnType<string | null, string | null | undefined, never>;
  wording_values: ColumnType<unknown, string | null | undefined, never>;
  link: string;
  created_at: ColumnType<Date, Date | string | undefined, never>;
  read_at: NullableTimestamp;
}
export type NotificationRow = Selectable<NotificationsTable>;

/** A person's choice for one type (no row: in the app and by e-mail; push as PUSHED_BY_DEFAULT says). */
export interface NotificationPreferencesTable {
  user_id: string;
  type: NotificationType;
  in_app: boolean;
  email: boolean;
  /** Null: the type's default (PUSHED_BY_DEFAULT). */
  push: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
}
