import { z } from 'zod';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationParamsSchema,
  notificationPreferencesBodySchema,
  notificationPreferencesSchema,
  unreadCountSchema,
} from '../notifications';
import { defineRoutes } from './define';

const service = 'community';

/** The notification centre: one's own notifications (newest first), marking them read, their live stream and the settings. */
export const notificationRoutes = defineRoutes({
  list: {
    method: 'GET',
    path: '/community/notifications',
    service,
    access: 'user',
    summary: 'Your notifications of the last 90 days, newest first, with how many are unread',
    query: notificationListQuerySchema,
    response: notificationPageSchema,
  },
  markRead: {
    method: 'POST',
    path: '/community/notifications/:notificationId/read',
    service,
    access: 'user',
    summary: 'Mark one of your notifications read',
    params: notificationParamsSchema,
    response: unreadCountSchema,
  },
  markAllRead: {
    method: 'POST',
    path: '/community/notifications/read-all',
    service,
    access: 'user',
    summary: 'Mark every one of your notifications read',
    response: unreadCountSchema,
  },
  events: {
    produces: ['text/event-stream'],
    refuses: { 429: 'Too many event streams open for this user' },
    method: 'GET',
    path: '/community/notifications/events',
    service,
    access: 'user',
    answer: 'bytes',
    timeout: 'stream',
    summary: 'Server-Sent Events of your notifications: each new one, and the unread count when it changes',
    response: z.string(),
  },
  preferences: {
    method: 'GET',
    path: '/community/notifications/preferences',
    service,
    access: 'user',
    summary: 'Which notifications you get in the app and by e-mail, per type',
    response: notificationPreferencesSchema,
  },
  savePreferences: {
    method: 'PUT',
    path: '/community/notifications/preferences',
    service,
    access: 'user',
    summary: 'Choose which notifications you get in the app and by e-mail, per type',
    body: notificationPreferencesBodySchema,
    response: notificationPreferencesSchema,
  },
});
