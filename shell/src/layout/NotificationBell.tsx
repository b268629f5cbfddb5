import { Bell } from '@catalyst/web-kit/icons';
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import {
  NOTIFICATION_WINDOW_EVENT,
  NOTIFICATIONS_PATH,
  notificationBellLabel,
  unreadBadge,
} from '@catalyst/contracts/notification-terms';
import { api, useSession } from '@catalyst/web-kit';
import styles from './Header.module.css';
import { followNotificationStream } from './notificationStream';

/**
 * The header's bell: the unread count, kept live by the person's notification stream (one per tab), whose events
 * it passes on to the page as a window event (the notification centre's page shows new ones from them).
 */
export default function NotificationBell() {
  const userId = useSession().user?._id;
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    if (!userId) return;
    return followNotificationStream({
      url: api.notification.events.url(),
      onEvent(event) {
        setUnread(event.unread);
        window.dispatchEvent(new CustomEvent(NOTIFICATION_WINDOW_EVENT, { detail: event }));
      },
    });
  }, [userId]);
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
