import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_SETTINGS_PATH, type Notification } from '@catalyst/contracts';
import {
  Button,
  buttonClassName,
  ErrorScreen,
  formatDate,
  remoteTestId,
  Spinner,
  useDocumentTitle,
} from '@catalyst/web-kit';
import styles from './Notifications.module.css';
import { useNotifications } from './useNotifications';

const time = (iso: string) =>
  `${formatDate(iso)}, ${new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })}`;

/** /notifications: the person's notifications of the last 90 days, newest first, each linking to what it is about. */
export default function NotificationsPage() {
  useDocumentTitle('Notifications');
  const { first, items, nextCursor, unread, showMore, markRead, markAllRead } = useNotifications();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  const attempt = async (what: string, work: () => Promise<void>) => {
    setProblem('');
    try {
      await work();
    } catch (error) {
      setProblem(`We couldn't ${what}: ${(error as Error).message}`);
    }
  };

  return (
    <div className={styles.page} data-testid={remoteTestId('community')}>
      <div className={styles.head}>
        <h1 className={styles.heading}>Notifications</h1>
        <p className={styles.count} aria-live="polite">
          {unread > 0 ? `${unread} unread` : 'All read'}
        </p>
        <div className={styles.actions}>
          {unread > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                await attempt('mark them read', markAllRead);
                setBusy(false);
              }}
            >
              Mark all as read
            </Button>
          ) : null}
          <Link to={NOTIFICATION_SETTINGS_PATH} className={buttonClassName('ghost', 'sm')}>
            Settings
          </Link>
        </div>
      </div>
      <p role="status" className={styles.problem}>
        {problem}
      </p>
      {first.error && !items ? (
        <ErrorScreen
          message="We couldn't load your notifications. Try again in a moment."
          onRetry={first.reload}
          retryLabel="Try again"
        />
      ) : !items ? (
        <Spinner message="Loading your notifications..." />
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <h2>Nothing yet</h2>
          <p>
            Replies to your questions, live sessions about to start and new courses from creators you follow
            appear here.
          </p>
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-label="Notifications" data-testid="notification-list">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onRead={() => attempt('mark it read', () => markRead(item.id))}
              />
            ))}
          </ul>
          {nextCursor ? (
            <Button
              variant="secondary"
              onClick={() => attempt('load more', showMore)}
              className={styles.more}
            >
              Show more
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: () => Promise<void> }) {
  return (
    <li className={item.read ? styles.item : `${styles.item} ${styles.unread}`} data-testid="notification">
      <div className={styles.body}>
        <Link to={item.link} className={styles.title} onClick={() => (item.read ? undefined : void onRead())}>
          {item.read ? null : <span className={styles.visuallyHidden}>Unread: </span>}
          {item.title}
        </Link>
        {item.body ? <p className={styles.text}>{item.body}</p> : null}
        <p className={styles.meta}>{time(item.createdAt)}</p>
      </div>
      {item.read ? null : (
        <Button variant="ghost" size="sm" onClick={onRead} aria-label={`Mark “${item.title}” as read`}>
          Mark as read
        </Button>
      )}
    </li>
  );
}
