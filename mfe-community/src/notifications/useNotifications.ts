import { useCallback, useEffect, useState } from 'react';
import {
  NOTIFICATION_WINDOW_EVENT,
  type Notification,
  type NotificationStreamEvent,
} from '@catalyst/contracts';
import { api, useApiData } from '@catalyst/web-kit';

/**
 * The notification centre's data: the first page, pages after it on demand, the unread count, and marking read.
 * New notifications come from the header bell's stream (a window event): the page opens no stream of its own.
 */
export function useNotifications() {
  const first = useApiData(api.notification.list);
  // What happened since the first page: arrived live, read pages after it, marked read here.
  const [arrived, setArrived] = useState<Notification[]>([]);
  const [more, setMore] = useState<{ items: Notification[]; nextCursor: string | null } | null>(null);
  const [readIds, setReadIds] = useState<ReadonlySet<string>>(new Set());
  // Ids are increasing: everything up to this one was marked read at once (here, or in another tab).
  const [readThrough, setReadThrough] = useState(0);
  const [latestUnread, setLatestUnread] = useState<number | null>(null);

  useEffect(() => {
    const onEvent = (raw: Event) => {
      const event = (raw as CustomEvent<NotificationStreamEvent>).detail;
      setLatestUnread(event.unread);
      if (event.type === 'notification') {
        const id = Number(event.notification.id);
        setReadThrough((through) => Math.min(through, id - 1));
        setArrived((list) => [event.notification, ...list]);
      }
      // everything was marked read elsewhere (another tab): the list says so too
      else if (event.unread === 0) setReadThrough(Number.POSITIVE_INFINITY);
    };
    window.addEventListener(NOTIFICATION_WINDOW_EVENT, onEvent);
    return () => window.removeEventListener(NOTIFICATION_WINDOW_EVENT, onEvent);
  }, []);

  const seen = new Set<string>();
  const items = first.data
    ? [...arrived, ...first.data.items, ...(more?.items ?? [])]
        .filter((n) => !seen.has(n.id) && Boolean(seen.add(n.id)))
        .map((n) => (n.read || Number(n.id) <= readThrough || readIds.has(n.id) ? { ...n, read: true } : n))
    : null;
  const nextCursor = more ? more.nextCursor : (first.data?.nextCursor ?? null);
  const unread = latestUnread ?? first.data?.unread ?? 0;

  const showMore = useCallback(async () => {
    if (!nextCursor) return;
    const page = await api.notification.list({ query: { cursor: nextCursor } });
    setMore((before) => ({ items: [...(before?.items ?? []), ...page.items], nextCursor: page.nextCursor }));
  }, [nextCursor]);

  const markRead = useCallback(async (id: string) => {
    setReadIds((ids) => new Set(ids).add(id));
    const answer = await api.notification.markRead({ params: { notificationId: id } });
    setLatestUnread(answer.unread);
  }, []);

  const markAllRead = useCallback(async () => {
    const answer = await api.notification.markAllRead();
    setReadThrough(Number.POSITIVE_INFINITY);
    setLatestUnread(answer.unread);
  }, []);

  return { first, items, nextCursor, unread, showMore, markRead, markAllRead };
}
