import type { NotificationStreamEvent, notificationRoutes } from '@catalyst/contracts';
import { notFound, requestLanguage, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { sseFrame } from '../streams/event-hub';
import { streamTopic } from '../streams/stream-response';
import { resubscribe } from './follows.repository';
import { toNotification } from './inbox';
import {
  listNotifications,
  markAllRead,
  markRead,
  preferencesOf,
  savePreferences,
  unreadCounts,
} from './inbox.repository';
import { createPushHandlers } from './push.handlers';

export const NOTIFICATION_NOT_FOUND = 'Notification not found';

/** The notification centre's routes: always the caller's own notifications, never anyone else's. */
export function createInboxHandlers({
  db,
  now,
  inbox,
  inboxStreams,
  streamHolders,
  log,
  push,
  config,
}: Pick<
  Deps,
  'db' | 'now' | 'inbox' | 'inboxStreams' | 'streamHolders' | 'log' | 'push' | 'config'
>): RouteHandlers<typeof notificationRoutes> {
  const unreadOf = async (userId: string) => (await unreadCounts(db, [userId])).get(userId) ?? 0;
  const emailStopped = async (userId: string) =>
    (await db
      .selectFrom('mail_recipients')
      .select('user_id')
      .where('user_id', '=', userId)
      .where('unsubscribed_at', 'is not', null)
      .executeTakeFirst()) !== undefined;

  return {
    ...createPushHandlers({ db, push, config }),

    async list({ query, identity }, c) {
      const [rows, unread] = await Promise.all([
        listNotifications(db, identity.id, { before: query.cursor, limit: query.limit }),
        unreadOf(identity.id),
      ]);
      // In the language the reader's page asks for (Accept-Language).
      const language = requestLanguage(c);
      const page = rows.slice(0, query.limit).map((row) => toNotification(row, language));
      return {
        items: page,
        nextCursor: rows.length > query.limit ? (page.at(-1)?.id ?? null) : null,
        unread,
      };
    },

    async markRead({ params, identity }) {
      if (!(await markRead(db, identity.id, params.notificationId, now())))
        throw notFound(NOTIFICATION_NOT_FOUND);
      const unread = await unreadOf(identity.id);
      inbox.unreadChanged(identity.id, unread);
      return { unread };
    },

    async markAllRead({ identity }) {
      await markAllRead(db, identity.id, now());
      inbox.unreadChanged(identity.id, 0);
      return { unread: 0 };
    },

    events({ identity }, c) {
      // The stream opens with the unread count; a reconnecting client reads its list again.
      return streamTopic(
        c,
        { holders: streamHolders, identity, mayStay: async () => undefined, log },
        (sink, end) => inboxStreams.attach(identity.id, sink, end),
        async (sink) => {
          const unread = await unreadOf(identity.id);
          await sink.write(sseFrame<NotificationStreamEvent>({ type: 'unread', unread }));
        },
      );
    },

    async preferences({ identity }) {
      const [preferences, stopped] = await Promise.all([
        preferencesOf(db, identity.id),
        emailStopped(identity.id),
      ]);
      return { preferences, emailStopped: stopped };
    },

    async savePreferences({ body, identity }) {
      await savePreferences(db, identity.id, body.preferences);
      // Switching an e-mail on, on purpose, takes back an earlier "stop all community e-mails".
      if (body.preferences.some((p) => p.email === true)) await resubscribe(db, identity.id);
      const [preferences, stopped] = await Promise.all([
        preferencesOf(db, identity.id),
        emailStopped(identity.id),
      ]);
      return { preferences, emailStopped: stopped };
    },
  };
}
