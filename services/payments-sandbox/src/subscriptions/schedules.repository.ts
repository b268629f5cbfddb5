import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type {
  NewSubscriptionSchedule,
  SchedulePhase,
  SubscriptionSchedule,
} from '../db/tables/subscription-schedule';

type Db = Kysely<Database>;

export async function insertSchedule(
  db: Db,
  row: Omit<NewSubscriptionSchedule, 'phases'> & { phases: SchedulePhase[] },
): Promise<SubscriptionSchedule> {
  return db
    .insertInto('subscription_schedules')
    .values({ ...row, phases: JSON.stringify(row.phases) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findSchedule(
  db: Db,
  id: string,
  { lock = false } = {},
): Promise<SubscriptionSchedule | undefined> {
  let query = db.selectFrom('subscription_schedules').selectAll().where('id', '=', id);
  if (lock) query = query.forUpdate();
  return query.executeTakeFirst();
}

export async function findActiveSchedule(db: Db, subscription: string) {
  return db
    .selectFrom('subscription_schedules')
    .selectAll()
    .where('subscription', '=', subscription)
    .where('status', '=', 'active')
    .executeTakeFirst();
}

export async function updateSchedule(
  db: Db,
  id: string,
  changes: { status?: string; phases?: SchedulePhase[]; end_behavior?: string; released_at?: number | null },
): Promise<SubscriptionSchedule> {
  const { phases, ...rest } = changes;
  return db
    .updateTable('subscription_schedules')
    .set({ ...rest, ...(phases ? { phases: JSON.stringify(phases) } : {}) })
    .where('id', '=', id)
    .returningAll()
    .executeTakeFirstOrThrow();
}
