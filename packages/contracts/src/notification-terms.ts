// The zod-free terms of the notification centre: the shell's bell and the community remote read them without zod
// (notifications.ts re-exports them beside the schemas).

/** What a person can be told of, in the order the settings page lists them. */
export const NOTIFICATION_TYPES = [
  'reply',
  'answer',
  'live-starting',
  'creator-news',
  'assignment-due',
  'certificate',
  'payment-failed',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/** Each type's line on the settings page. */
export const NOTIFICATION_TYPE_LABELS: Record<NotificationType, string> = {
  reply: 'Replies in discussions you follow',
  answer: 'Answers marked on your questions and replies',
  'live-starting': 'Live sessions you registered for, starting soon',
  'creator-news': 'New courses from creators you follow',
  'assignment-due': 'Learning your team assigned you, due in two days',
  certificate: 'Certificates issued to you',
  'payment-failed': 'A payment that failed',
};

/** The types community also e-mails (the rest are in-app only: their services mail what must be mailed). */
export const EMAILED_NOTIFICATION_TYPES: readonly NotificationType[] = [
  'reply',
  'live-starting',
  'creator-news',
];

/**
 * The types whose push is on until a person turns it off: the ones worth interrupting someone for (a reply to them,
 * a live session about to start, an assignment coming due, a payment that failed). The others reach a device only
 * once switched on.
 */
export const PUSHED_BY_DEFAULT: readonly NotificationType[] = [
  'reply',
  'live-starting',
  'assignment-due',
  'payment-failed',
];

/** The most browsers one person keeps subscribed: a new one beyond it replaces their oldest. */
export const PUSH_DEVICES_MAX = 10;

/** The texts of push on this device: the settings page's switch and the prompt after a meaningful action. */
export const PUSH_TEXTS = {
  prompt: 'Get notified on this device',
  promptDetail: 'We can tell you here when someone replies or your live session is about to start.',
  turnOn: 'Turn on notifications on this device',
  turnOff: 'Turn off notifications on this device',
  notNow: 'Not now',
  on: 'Notifications are on for this device.',
  off: 'Notifications are off for this device.',
  unsupported:
    'This browser cannot show notifications from this site. Install the app or use another browser.',
  denied:
    'Notifications are blocked for this site. Allow them in your browser’s site settings, then turn them on here.',
  failed: 'This device could not be set up for notifications. Try again in a moment.',
} as const;

/** The refusals of a push subscription (the one error shape; `field: 'endpoint'`). */
export const PUSH_MESSAGES = {
  notHttps: 'endpoint must be the https address of a push service',
  private: 'endpoint must be a push service on the public internet, not a private or local address',
  notSetUp: 'Push notifications are not set up on this server',
} as const;

/** How long a notification is kept. */
export const NOTIFICATION_KEEP_DAYS = 90;

/** The in-app notice of a live session comes this long before it starts (its e-mail at LIVE_REMINDER_MINUTES). */
export const LIVE_STARTING_NOTICE_MINUTES = 10;

/** The notification centre and its settings page (the community remote's pages). */
export const NOTIFICATIONS_PATH = '/notifications';
export const NOTIFICATION_SETTINGS_PATH = '/notifications/settings';

/** The bell's accessible name: "Notifications, 3 unread" (or just "Notifications"). */
export const notificationBellLabel = (unread: number): string =>
  unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';

/** The count shown on the bell (a long list shows 99+). */
export const unreadBadge = (unread: number): string => (unread > 99 ? '99+' : String(unread));

/**
 * The window event the shell's bell raises for each event of the person's notification stream (its `detail`: the
 * stream's event), so a page shows new notifications live without opening a stream of its own.
 */
export const NOTIFICATION_WINDOW_EVENT = 'catalyst:notification';
