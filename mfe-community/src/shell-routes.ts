import { NOTIFICATION_SETTINGS_PATH, NOTIFICATIONS_PATH } from '@catalyst/contracts/notification-terms';
import type { RemoteRouteTable } from '@catalyst/web-kit/pages';

/** The community's own pages, as the shell mounts and preloads them (plain data: read before React loads). */
export const shellRoutes: RemoteRouteTable = {
  remote: 'community',
  pages: [
    {
      path: `${NOTIFICATIONS_PATH}/`,
      prefix: false,
      module: './NotificationsPage',
      audience: 'signed-in',
      firstReads: () => [{ endpoint: ['notification', 'list'], signedIn: true }],
    },
    {
      path: `${NOTIFICATION_SETTINGS_PATH}/`,
      prefix: false,
      module: './NotificationSettingsPage',
      audience: 'signed-in',
      firstReads: () => [{ endpoint: ['notification', 'preferences'], signedIn: true }],
    },
  ],
};
