// The zod-free terms of the community (limits, rates, messages, report reasons): the community remote
// reads them without downloading zod (community.ts re-exports them beside the schemas).
import type { ReasonRule } from './reason-terms';

export const COMMUNITY_LIMITS = {
  titleMin: 5,
  titleMax: 150,
  bodyMax: 10_000,
  noteMax: 500,
  questionMax: 500,
  /** An author may edit a post this long after posting it. */
  editWindowMinutes: 15,
  pageMax: 50,
  /** Accounts younger than this post at the new-account rate (COMMUNITY_RATES.newAccount). */
  newAccountHours: 24,
} as const;

/** Event streams (discussions' and live boards' live updates) one person may hold open at once. */
export const STREAMS_PER_USER = 6;

/** Posts (threads, replies, live questions) per hour. */
export const COMMUNITY_RATES = { newAccount: 5, established: 60 } as const;

/** A follower gets at most one notification e-mail per this many minutes (the rest wait and are batched into it). */
export const NOTIFICATION_INTERVAL_MINUTES = 60;

/** Registered members get their reminder this long before a live session starts. */
export const LIVE_REMINDER_MINUTES = 60;

/** Questions may be asked from this long before a live session starts until it ends. */
export const LIVE_QUESTIONS_OPEN_MINUTES_BEFORE = 15;

/** How long an e-mail's unsubscribe token is: the route refuses any other before looking it up, and the page says so at once. */
export const UNSUBSCRIBE_TOKEN_LENGTH = { min: 10, max: 500 } as const;

/** Whether an unsubscribe link's token could be one we sent (its length; the route checks its signature). */
export const isWellFormedUnsubscribeToken = (token: string): boolean =>
  token.length >= UNSUBSCRIBE_TOKEN_LENGTH.min && token.length <= UNSUBSCRIBE_TOKEN_LENGTH.max;

/** A moderator's reason for hiding, restoring, deleting, dismissing or locking (kept in the audit log). */
export const MODERATION_REASON: ReasonRule = {
  min: 3,
  max: COMMUNITY_LIMITS.noteMax,
  required: 'Give a reason (at least 3 characters)',
  tooShort: 'Give a reason (at least 3 characters)',
  tooLong: `Reason must be at most ${COMMUNITY_LIMITS.noteMax} characters`,
};

export const COMMUNITY_MESSAGES = {
  threadNotFound: 'Discussion not found',
  postNotFound: 'Post not found',
  editWindowClosed: `Posts can only be edited within ${COMMUNITY_LIMITS.editWindowMinutes} minutes of posting`,
  notYourPost: 'You can only change your own posts',
  locked: 'This discussion is locked',
  removed: 'This post was removed',
  alreadyReported: 'You have already reported this post',
  onlyRepliesAnswer: 'Only a reply can be marked as the answer',
  markAnswerForbidden: 'Only the person who asked or an admin can mark the answer',
  rateLimited: 'You are posting too often. Please wait a while and try again',
  unsubscribeInvalid: 'This unsubscribe link is invalid or has been changed',
  sessionNotFound: 'No live session is scheduled for this product',
  notWebinar: 'Only webinar products can have a live session',
  questionsClosed: 'Questions open 15 minutes before the session starts and close when it ends',
  questionNotFound: 'Question not found',
  hostOnly: 'Only the host can mark questions answered',
  ownPostVote: 'You cannot upvote your own post',
  tooManyStreams: `You already have ${STREAMS_PER_USER} discussions or live boards open with live updates. Close one and try again`,
} as const;

export const REPORT_REASONS = ['spam', 'abuse', 'off-topic', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  spam: 'Spam',
  abuse: 'Abuse or harassment',
  'off-topic': 'Off-topic',
  other: 'Something else',
};
