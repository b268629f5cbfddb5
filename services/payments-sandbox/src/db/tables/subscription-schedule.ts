import type { ColumnType, Insertable, Selectable } from 'kysely';

export interface SchedulePhase {
  price: string;
  start_date: number;
  end_date: number | null;
}

/** A subscription's planned changes: the next phase's price takes over at its start (the renewal). */
export interface SubscriptionScheduleTable {
  id: string;
  subscription: string;
  customer: string;
  /** active | released | canceled */
  status: string;
  phases: ColumnType<SchedulePhase[], string, string>;
  end_behavior: string;
  released_at: number | null;
  created: number;
}
export type SubscriptionSchedule = Selectable<SubscriptionScheduleTable>;
export type NewSubscriptionSchedule = Insertable<SubscriptionScheduleTable>;
