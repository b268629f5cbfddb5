// The community schema: one line per table, each table's types in ./tables.
import type {
  LiveQuestionsTable,
  LiveQuestionVotesTable,
  LiveRegistrationsTable,
  LiveSessionsTable,
} from './tables/live';
import type { ModerationLogTable } from './tables/moderation-log';
import type {
  MailRecipientsTable,
  NotificationSendsTable,
  PendingNotificationsTable,
  ThreadFollowsTable,
} from './tables/notifications';
import type { NotificationPreferencesTable, NotificationsTable } from './tables/notification-centre';
import type { PostReportsTable, PostsTable, PostVotesTable } from './tables/posts';
import type { PushSendsTable, PushSubscriptionsTable } from './tables/push';
import type { DiscussionTargetsTable, ThreadsTable } from './tables/threads';
import type { CreatorFollowsTable, CreatorNewsItemsTable, CreatorNewsTable } from './tables/creator-follows';
import type { DigestFallbackPassesTable, DigestSettingsTable, DigestWeeksTable } from './tables/digest';

export interface Database {
  threads: ThreadsTable;
  discussion_targets: DiscussionTargetsTable;
  posts: PostsTable;
  post_votes: PostVotesTable;
  post_reports: PostReportsTable;
  moderation_log: ModerationLogTable;
  thread_follows: ThreadFollowsTable;
  mail_recipients: MailRecipientsTable;
  pending_notifications: PendingNotificationsTable;
  notification_sends: NotificationSendsTable;
  live_sessions: LiveSessionsTable;
  live_registrations: LiveRegistrationsTable;
  live_questions: LiveQuestionsTable;
  live_question_votes: LiveQuestionVotesTable;
  creator_follows: CreatorFollowsTable;
  creator_news_items: CreatorNewsItemsTable;
  creator_news: CreatorNewsTable;
  notifications: NotificationsTable;
  notification_preferences: NotificationPreferencesTable;
  digest_settings: DigestSettingsTable;
  digest_weeks: DigestWeeksTable;
  digest_fallback_passes: DigestFallbackPassesTable;
  push_subscriptions: PushSubscriptionsTable;
  push_sends: PushSendsTable;
}
