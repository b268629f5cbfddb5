import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** A webhook event and its delivery state: the persisted outbox the dispatcher drains. */
export interface EventTable {
  id: string;
  seq: Generated<number>;
  type: string;
  /** The exact JSON body that is signed and delivered. */
  payload: string;
  created: number;
  delivered_at: ColumnType<Date | null, never, Date | null>;
  attempts: ColumnType<number, never, number>;
  next_attempt_at: ColumnType<Date, Date | undefined, Date>;
  last_error: ColumnType<string | null, never, string | null>;
  gave_up: ColumnType<boolean, never, boolean>;
  enqueued_at: ColumnType<Date, never, never>;
}
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
