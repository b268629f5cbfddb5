import type { ColumnType, Insertable, Selectable } from 'kysely';

/** The ledger of applied provider events: an event id is applied at most once. */
export interface EventTable {
  id: string;
  type: string;
  provider_created: Date;
  applied_at: ColumnType<Date, never, never>;
}
export type Event = Selectable<EventTable>;
export type NewEvent = Insertable<EventTable>;
