import { sql, type Kysely, type Transaction } from 'kysely';
import {
  EMAILED_NOTIFICATION_TYPES,
  NOTIFICATION_TYPES,
  PUSHED_BY_DEFAULT,
  type NotificationPreference,
  type NotificationType,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification-centre';
import { wordsIn, type NotificationWords } from './wording';

type Db = Kysely<Database> | Transaction<Database>;

/**
 * A notification to one person; `key` names the fact, so telling them of it again changes nothing. `words` is
 * what it says, written in each reader's language; `body` is the body of a sentence without one (a reply's words).
 */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  key: string;
  words: NotificationWords;
  body?: string;
  link: string;
}

/**
 * Stores these notifications for the people who want this kind in the app (a choice made off skips them), each
 * fact once per person; answers the rows actually added.
 */
export async function insertNotifications(
  db: Db,
  items: NewNotification[],
  now: Date,
): Promise<NotificationRow[]> {
  if (items.length === 0) return [];
  const muted = await db
    .selectFrom('notification_preferences')
    .select(['user_id', 'type'])
    .where('in_app', '=', false)
    .where(
      'user_id',
      'in',
      items.map((item) => item.userId),
    )
    .execute();
  const off = new Set(muted.map((row) => `${row.user_id}/${row.type}`));
  const wanted = items.filter((item) => !off.has(`${item.userId}/${item.type}`));
  if (wanted.length === 0) return [];
  return db
    .insertInto('notifications')
    .values(
      wanted.map((item) => {
        const english = wordsIn('en', item.words, item.body ?? '');
        return {
          user_id: item.userId,
          type: item.type,
          dedupe_key: item.key,
          title: english.title,
          body: english.body,
          wording: item.words.wording,
          wording_values: JSON.stringify(item.words.values),
          link: item.link,
          created_at: now,
        };
      }),
    )
    .onConflict((oc) => oc.columns(['user_id', 'dedupe_key']).doNothing())
    .returningAll()
    .execute();
}

/** One person's notifications, newest first, from before `before` (a seq) when given. */
export async function listNotifications(
  db: Db,
  userId: string,
  { before, limit }: { before?: string; limit: number },
): Promise<NotificationRow[]> {
  let query = db
    .selectFrom('notifications')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq', 'desc')
    .limit(limit + 1);
  if (before) query = query.where('seq', '<', before);
  return query.execute();
}

/** How many of each person's notifications are unread. */
export async function unreadCounts(db: Db, userIds: string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>(userIds.map((id) => [id, 0]));
  if (userIds.length === 0) return counts;
  const rows = await db
    .selectFrom('notifications')
    .select(['user_id', (eb) => eb.fn.countAll<string>().as('n')])
    .where('user_id', 'in', userIds)
    .where('read_at', 'is', null)
    .groupBy('user_id')
    .execute();
  for (const row of rows) counts.set(row.user_id, Number(row.n));
  return counts;
}

/** Marks one of the person's notifications read; false when they have none of that id. */
export async function markRead(db: Db, userId: string, seq: string, now: Date): Promise<boolean> {
  const row = await db
    .updateTable('notifications')
    .set({ read_at: sql<Date>`coalesce(read_at, ${now})` })
    .where('user_id', '=', userId)
    .where('seq', '=', seq)
    .returning('seq')
    .executeTakeFirst();
  return row !== undefined;
}

export async function markAllRead(db: Db, userId: string, now: Date): Promise<void> {
  await db
    .updateTable('notifications')
    .set({ read_at: now })
    .where('user_id', '=', userId)
    .where('read_at', 'is', null)
    .execute();
}

/** Drops notifications created before `cutoff`, a bounded batch at a time; answers how many went. */
export async function pruneNotifications(db: Db, cutoff: Date, batch = 5_000): Promise<number> {
  let total = 0;
  for (;;) {
    const result = await sql`
      delete from notifications where seq in (
        select seq from notifications where created_at < ${cutoff} limit ${batch}
      )
    `.execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < batch) return total;
  }
}

/**
 * Every type's switches for one person (absent rows: in the app and e-mail on, push as PUSHED_BY_DEFAULT says;
 * `email` null where community sends none).
 */
export async function preferencesOf(db: Db, userId: string): Promise<NotificationPreference[]> {
  const rows = await db
    .selectFrom('notification_preferences')
    .selectAll()
    .where('user_id', '=', userId)
    .execute();
  const chosen = new Map(rows.map((row) => [row.type, row]));
  return NOTIFICATION_TYPES.map((type) => {
    const row = chosen.get(type);
    return {
      type,
      inApp: row?.in_app ?? true,
      email: EMAILED_NOTIFICATION_TYPES.includes(type) ? (row?.email ?? true) : null,
      push: row?.push ?? PUSHED_BY_DEFAULT.includes(type),
    };
  });
}

export async function savePreferences(
  db: Db,
  userId: string,
  preferences: { type: NotificationType; inApp: boolean; email?: boolean | null; push?: boolean }[],
): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values(
      preferences.map((p) => ({
        user_id: userId,
        type: p.type,
        in_app: p.inApp,
        email: p.email ?? true,
        push: p.push ?? null,
      })),
    )
    .onConflict((oc) =>
      oc.columns(['user_id', 'type']).doUpdateSet((eb) => ({
        in_app: eb.ref('excluded.in_app'),
        email: eb.ref('excluded.email'),
        // A save that leaves push out keeps the person's push choice.
        push: eb.fn.coalesce('excluded.push', 'notification_preferences.push'),
      })),
    )
    .execute();
}

/** Turns one type's e-mails off for a person (an e-mail's one-click unsubscribe). */
export async function stopEmailOf(db: Db, userId: string, type: NotificationType): Promise<void> {
  await db
    .insertInto('notification_preferences')
    .values({ user_id: userId, type, in_app: true, email: false })
    .onConflict((oc) => oc.columns(['user_id', 'type']).doUpdateSet({ email: false }))
    .execute();
}

/** Which of these people may be e-mailed this type: not stopped by type nor by "stop all community e-mail". */
export async function mayEmail(db: Db, userIds: string[], type: NotificationType): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const refused = await db
    .selectFrom('notification_preferences')
    .select('user_id')
    .where('user_id', 'in', userIds)
    .where('type', '=', type)
    .where('email', '=', false)
    .union(
      db
        .selectFrom('mail_recipients')
        .select('user_id')
        .where('user_id', 'in', userIds)
        .where('unsubscribed_at', 'is not', null),
    )
    .execute();
  const no = new Set(refused.map((row) => row.user_id));
  return new Set(userIds.filter((id) => !no.has(id)));
}

/** Registrations whose session starts within `minutes`, not yet noticed for this start (locked; SKIP LOCKED). */
export async function lockDueNotices(trx: Transaction<Database>, now: Date, minutes: number, limit: number) {
  return trx
    .selectFrom('live_registrations as r')
    .innerJoin('live_sessions as s', 's.product_id', 'r.product_id')
    .select(['r.product_id', 'r.user_id', 's.starts_at', 's.title', 's.product_key'])
    .where('s.starts_at', '>', now)
    .where('s.starts_at', '<=', new Date(now.getTime() + minutes * 60_000))
    .where((eb) => eb.or([eb('r.noticed_for', 'is', null), eb('r.noticed_for', '<>', eb.ref('s.starts_at'))]))
    .orderBy('s.starts_at')
    .limit(limit)
    .forUpdate('r')
    .skipLocked()
    .execute();
}

export async function markNoticed(
  trx: Transaction<Database>,
  rows: { product_id: string; user_id: string; starts_at: Date }[],
): Promise<void> {
  for (const row of rows)
    await trx
      .updateTable('live_registrations')
      .set({ noticed_for: row.starts_at })
      .where('product_id', '=', row.product_id)
      .where('user_id', '=', row.user_id)
      .execute();
}
