import type { Migration } from 'kysely';
import * as discussions from './2026-12-01T08-00-00_discussions';
import * as notifications from './2026-12-01T09-00-00_notifications';
import * as liveSessions from './2026-12-01T09-10-00_live_sessions';
import * as demoWebinarSessions from './2026-12-05T04-00-00_demo_webinar_sessions';
import * as threadsWaiting from './2026-12-06T09-45-00_threads_waiting';
import * as creatorFollows from './2026-12-06T10-20-00_creator_follows';
import * as creatorPosts from './2026-12-06T10-40-00_creator_posts';
import * as notificationCentre from './2026-12-06T12-40-00_notification_centre';
import * as pushSubscriptions from './2026-12-06T16-25-00_push_subscriptions';
import * as weeklyDigest from './2026-12-06T16-30-00_weekly_digest';
import * as notificationWording from './2026-12-07T01-30-00_notification_wording';
import * as digestFallbackPasses from './2026-12-07T02-00-00_digest_fallback_passes';

/** Every migration of the community schema, by sortable name. Migrations are frozen once landed. */
export const migrations: Record<string, Migration> = {
  '2026-12-01T08-00-00_discussions': discussions,
  '2026-12-01T09-00-00_notifications': notifications,
  '2026-12-01T09-10-00_live_sessions': liveSessions,
  '2026-12-05T04-00-00_demo_webinar_sessions': demoWebinarSessions,
  '2026-12-06T09-45-00_threads_waiting': threadsWaiting,
  '2026-12-06T10-20-00_creator_follows': creatorFollows,
  '2026-12-06T10-40-00_creator_posts': creatorPosts,
  '2026-12-06T12-40-00_notification_centre': notificationCentre,
  '2026-12-06T16-25-00_push_subscriptions': pushSubscriptions,
  '2026-12-06T16-30-00_weekly_digest': weeklyDigest,
  '2026-12-07T01-30-00_notification_wording': notificationWording,
  '2026-12-07T02-00-00_digest_fallback_passes': digestFallbackPasses,
};
