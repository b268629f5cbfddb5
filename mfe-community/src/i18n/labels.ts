// The keys of the community's enumerated words (kinds of notification, report reasons), by their value.
import type { NotificationType, ReportReason } from '@catalyst/contracts';
import type { CommunityKey } from './en';

export const KIND_LABELS: Record<NotificationType, CommunityKey> = {
  reply: 'kind.reply',
  answer: 'kind.answer',
  'live-starting': 'kind.liveStarting',
  'creator-news': 'kind.creatorNews',
  'assignment-due': 'kind.assignmentDue',
  certificate: 'kind.certificate',
  'payment-failed': 'kind.paymentFailed',
};

export const REPORT_REASON_KEYS: Record<ReportReason, CommunityKey> = {
  spam: 'report.spam',
  abuse: 'report.abuse',
  'off-topic': 'report.offTopic',
  other: 'report.other',
};
