import type { Kysely, Transaction } from 'kysely';
import {
  notificationStreamEventSchema,
  type Notification,
  type NotificationStreamEvent,
} from '@catalyst/contracts';
import type { Language } from '@catalyst/contracts/languages';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { NotificationRow } from '../db/tables/notification-centre';
import type { EventHub, Topics } from '../streams/event-hub';
import { insertNotifications, unreadCounts, type NewNotification } from './inbox.repository';
import type { PushSender } from './push-sender';
import { queuePushes } from './push.repository';
import { rowWords } from './wording';

/** Each person's notification streams: the `inbox:<userId>` topics of the community's event hub. */
export type InboxStreams = Topics<NotificationStreamEvent>;

export const createInboxStreams = (hub: EventHub): InboxStreams =>
  hub.kind<NotificationStreamEvent>('inbox', { schema: notificationStreamEventSchema });

/** Each person's language, asked of auth (English for anyone it cannot answer for now). */
export type LanguagesOf = (userIds: string[]) => Promise<(userId: string) => Language>;

/** A stored notification as its reader sees it, in their language. */
export const toNotification = (row: NotificationRow, language: Language): Notification => ({
  id: String(row.seq),
  type: row.type,
  ...rowWords(row, language),
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
  /**
   * Tells the owners' open streams of notifications already committed, each in its owner's language, and wakes
   * the push sender (never fails: logged).
   */
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
  languagesOf,
}: {
  db: Kysely<Database>;
  streams: InboxStreams;
  log: Logger;
  now: () => Date;
  languagesOf: LanguagesOf;
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
      const owners = [...new Set(rows.map((row) => row.user_id))];
      const [counts, languageOf] = await Promise.all([unreadCounts(db, owners), languagesOf(owners)]);
      for (const row of rows)
        streams.publish(row.user_id, {
          type: 'notification',
          notification: toNotification(row, languageOf(row.user_id)),
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
