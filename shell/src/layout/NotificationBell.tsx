import { Bell } from '@catalyst/web-kit/icons';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import {
  NOTIFICATION_WINDOW_EVENT,
  NOTIFICATIONS_PATH,
  notificationBellLabel,
  unreadBadge,
} from '@catalyst/contracts/notification-terms';
import { api, useSession } from '@catalyst/web-kit';
import styles from './Header.module.css';
import { followNotificationStream } from './notificationStream';
import { sendTimeZoneOnce } from './timeZone';

/**
 * Outside the notification centre the stream waits this long after the app opens: a page's own reads and
 * pictures load first (over HTTP/1.1 an open stream holds one of the browser's six connections to the site).
 */
export const BELL_STREAM_DELAY_MS = 10_000;

/**
 * The header's bell: the unread count (one short read at once), then kept live by the person's notification
 * stream (one per tab), whose events it passes on to the page as a window event (the notification centre's page
 * shows new ones from them).
 */
export default function NotificationBell() {
  const userId = useSession().user?._id;
  const onCentre = useLocation().pathname.startsWith(NOTIFICATIONS_PATH);
  const [unread, setUnread] = useState(0);
  const [settled, setSettled] = useState(false);

  useEffect(() => {
    if (!userId) return;
    let current = true;
    api.notification.list({ query: { limit: 1 } }).then(
      (page) => current && setUnread(page.unread),
      () => undefined,
    );
    const timer = setTimeout(() => setSettled(true), BELL_STREAM_DELAY_MS);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [userId]);

  // Once the page has settled, the browser's time zone for the weekly e-mail (once per account and zone).
  useEffect(() => {
    if (userId && settled) sendTimeZoneOnce(userId);
  }, [userId, settled]);

  const streaming = Boolean(userId) && (settled || onCentre);
  useEffect(() => {
    if (!streaming) return;
    return followNotificationStream({
      url: api.notification.events.url(),
      onEvent(event) {
        setUnread(event.unread);
        window.dispatchEvent(new CustomEvent(NOTIFICATION_WINDOW_EVENT, { detail: event }));
      },
    });
  }, [streaming, userId]);

  const label = notificationBellLabel(unread);
  return (
    <Link
      to={NOTIFICATIONS_PATH}
      className={styles.bell}
      aria-label={label}
      title={label}
      data-testid="notification-bell"
    >
      <Bell size={18} aria-hidden="true" focusable="false" />
      {unread > 0 ? (
        <span className={styles.bellCount} aria-hidden="true">
          {unreadBadge(unread)}
        </span>
      ) : null}
    </Link>
  );
}
