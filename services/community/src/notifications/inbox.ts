import type { Kysely, Transaction } from 'kysely';
import {
  notificationStreamEventSchema,
  type Notification,
  type NotificationStreamEvent,
} from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification-centre';
import type { EventHub, Topics } from '../streams/event-hub';
import { insertNotifications, unreadCounts, type NewNotification } from './inbox.repository';
import type { PushSender } from './push-sender';
import { queuePushes } from './push.repository';

/** Each person's notification streams: the `inbox:<userId>` topics of the community's event hub. */
export type InboxStreams = Topics<NotificationStreamEvent>;

export const createInboxStreams = (hub: EventHub): InboxStreams =>
  hub.kind<NotificationStreamEvent>('inbox', { schema: notificationStreamEventSchema });

export const toNotification = (row: NotificationRow): Notification => ({
  id: String(row.seq),
  type: row.type,
  title: row.title,
  body: row.body,
  link: row.link,
  createdAt: row.created_at.toISOString(),
  read: row.read_at !== null,
});

export interface Inbox {
  /**
   * Stores notifications (each fact once per person, only for those who want its type in the app), queues their
   * pushes (to the devices of those who want the type pushed) and streams them.
   */
  notify(items: NewNotification[]): Promise<NotificationRow[]>;
  /** Stores them in a caller's transaction; `announce` the answer once it has committed. */
  store(trx: Transaction<Database> | Kysely<Database>, items: NewNotification[]): Promise<NotificationRow[]>;
  /** Tells the owners' open streams of notifications already committed, and wakes the push sender (never fails: logged). */
  announce(rows: NotificationRow[]): Promise<void>;
  /** Tells a person's open streams their unread count changed (another tab marked something read). */
  unreadChanged(userId: string, unread: number): void;
}

/** The notification centre's writer: what every kind of notification goes through. */
export function createInbox({
  db,
  streams,
  log,
  now,
  push,
}: {
  db: Kysely<Database>;
  streams: InboxStreams;
  log: Logger;
  now: () => Date;
  /** Web Push: with no VAPID key nothing is queued. */
  push: Pick<PushSender, 'publicKey' | 'wake'>;
}): Inbox {
  async function store(trx: Transaction<Database> | Kysely<Database>, items: NewNotification[]) {
    const rows = await insertNotifications(trx, items, now());
    if (push.publicKey) await queuePushes(trx, rows, now());
    return rows;
  }
  async function announce(rows: NotificationRow[]) {
    if (rows.length === 0) return;
    push.wake();
    try {
      const counts = await unreadCounts(db, [...new Set(rows.map((row) => row.user_id))]);
      for (const row of rows)
        streams.publish(row.user_id, {
          type: 'notification',
          notification: toNotification(row),
          unread: counts.get(row.user_id) ?? 0,
        });
    } catch (error) {
      log.error(
        { err: error instanceof Error ? error.message : String(error) },
        'notifications: announce failed',
      );
    }
  }
  return {
    async notify(items) {
      const rows = await db.transaction().execute((trx) => store(trx, items));
      await announce(rows);
      return rows;
    },
    store,
    announce,
    unreadChanged(userId, unread) {
      streams.publish(userId, { type: 'unread', unread });
    },
  };
}
