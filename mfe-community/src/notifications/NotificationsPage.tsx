import { useState } from 'react';
import { Link } from 'react-router-dom';
import { NOTIFICATION_SETTINGS_PATH, type Notification } from '@catalyst/contracts';
import {
  Button,
  buttonClassName,
  currentLanguage,
  ErrorScreen,
  formatDate,
  remoteTestId,
  Spinner,
  useDocumentTitle,
  useStrings,
} from '@catalyst/web-kit';
import { communityStrings, type CommunityKey } from '../i18n/en';
import styles from './Notifications.module.css';
import { useNotifications } from './useNotifications';

/** When it came: its day and time, in the page's language (English: the browser's own clock style). */
const time = (iso: string) => {
  const language = currentLanguage();
  return communityStrings.t('notifications.at', {
    day: formatDate(iso),
    time: new Date(iso).toLocaleTimeString(language === 'en' ? [] : language, {
      hour: '2-digit',
      minute: '2-digit',
    }),
  });
};

/** /notifications: the person's notifications of the last 90 days, newest first, each linking to what it is about. */
export default function NotificationsPage() {
  const t = useStrings(communityStrings);
  useDocumentTitle(t('notifications.title'));
  const { first, items, nextCursor, unread, showMore, markRead, markAllRead } = useNotifications();
  const [problem, setProblem] = useState('');
  const [busy, setBusy] = useState(false);

  /** Does `work`; its failure is said with `failed` ("We couldn't mark it read: …"). */
  const attempt = async (failed: CommunityKey, work: () => Promise<void>) => {
    setProblem('');
    try {
      await work();
    } catch (error) {
      setProblem(t(failed, { message: (error as Error).message }));
    }
  };

  return (
    <div className={styles.page} data-testid={remoteTestId('community')}>
      <div className={styles.head}>
        <h1 className={styles.heading}>{t('notifications.title')}</h1>
        <p className={styles.count} aria-live="polite">
          {unread > 0 ? t('notifications.unread', { count: unread }) : t('notifications.allRead')}
        </p>
        <div className={styles.actions}>
          {unread > 0 ? (
            <Button
              variant="secondary"
              size="sm"
              loading={busy}
              onClick={async () => {
                setBusy(true);
                await attempt('notifications.markAllFailed', markAllRead);
                setBusy(false);
              }}
            >
              {t('notifications.markAll')}
            </Button>
          ) : null}
          <Link to={NOTIFICATION_SETTINGS_PATH} className={buttonClassName('ghost', 'sm')}>
            {t('notifications.settings')}
          </Link>
        </div>
      </div>
      <p role="status" className={styles.problem}>
        {problem}
      </p>
      {first.error && !items ? (
        <ErrorScreen
          message={t('notifications.failed')}
          onRetry={first.reload}
          retryLabel={t('common.tryAgain')}
        />
      ) : !items ? (
        <Spinner message={t('notifications.loading')} />
      ) : items.length === 0 ? (
        <div className={styles.empty}>
          <h2>{t('notifications.empty')}</h2>
          <p>{t('notifications.emptyText')}</p>
        </div>
      ) : (
        <>
          <ul className={styles.list} aria-label={t('notifications.title')} data-testid="notification-list">
            {items.map((item) => (
              <NotificationItem
                key={item.id}
                item={item}
                onRead={() => attempt('notifications.markFailed', () => markRead(item.id))}
              />
            ))}
          </ul>
          {nextCursor ? (
            <Button
              variant="secondary"
              onClick={() => attempt('notifications.moreFailed', showMore)}
              className={styles.more}
            >
              {t('notifications.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}

function NotificationItem({ item, onRead }: { item: Notification; onRead: () => Promise<void> }) {
  const t = useStrings(communityStrings);
  return (
    <li className={item.read ? styles.item : `${styles.item} ${styles.unread}`} data-testid="notification">
      <div className={styles.body}>
        <Link to={item.link} className={styles.title} onClick={() => (item.read ? undefined : void onRead())}>
          {item.read ? null : (
            <span className={styles.visuallyHidden}>{`${t('notifications.unreadMark')} `}</span>
          )}
          {item.title}
        </Link>
        {item.body ? <p className={styles.text}>{item.body}</p> : null}
        <p className={styles.meta}>{time(item.createdAt)}</p>
      </div>
      {item.read ? null : (
        <Button
          variant="ghost"
          size="sm"
          onClick={onRead}
          aria-label={t('notifications.markLabel', { title: item.title })}
        >
          {t('notifications.mark')}
        </Button>
      )}
    </li>
  );
}
