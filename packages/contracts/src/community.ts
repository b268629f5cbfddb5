import { z } from 'zod';
import { notificationTypeSchema } from './notifications';
import { objectIdSchema, reasonBodySchema } from './api';
import { liveMessage } from './form-messages/live';
import {
  COMMUNITY_LIMITS,
  COMMUNITY_MESSAGES,
  MODERATION_REASON,
  REPORT_REASONS,
  UNSUBSCRIBE_TOKEN_LENGTH,
} from './community-terms';
import { groupDigits } from './no-intl';

/**
 * Community: discussions on every product and lesson, their moderation, and the live Q&A sessions of
 * webinar products (the community service owns all of it; the mfe-community remote shows it).
 */

// ---------- rules (zod-free, in community-terms.ts) ----------

export * from './community-terms';

const trimmed = (field: string, min: number, max: number, minMessage: string) =>
  z
    .string({ error: `${field} is required` })
    .trim()
    .min(min, minMessage)
    .max(max, `${field} must be at most ${groupDigits(max)} characters`);

export const postTitleSchema = trimmed(
  'Title',
  COMMUNITY_LIMITS.titleMin,
  COMMUNITY_LIMITS.titleMax,
  `Title must be at least ${COMMUNITY_LIMITS.titleMin} characters`,
);
/** Markdown; the server renders and sanitises it (links rel="nofollow ugc"). */
export const postBodySchema = trimmed('Body', 1, COMMUNITY_LIMITS.bodyMax, 'Write something first');

// ---------- shared shapes ----------

/** Where a discussion lives: a product, or one lesson of a course. */
export const discussionTargetSchema = z.object({
  productId: objectIdSchema,
  lessonId: objectIdSchema.optional(),
});
export type DiscussionTarget = z.infer<typeof discussionTargetSchema>;

/** Opaque keyset cursor from the previous page's `nextCursor`. */
const cursorSchema = z.string().max(200).optional();
const limitSchema = z.coerce.number().int().min(1).max(COMMUNITY_LIMITS.pageMax).default(20);

/** A page that goes on from a cursor: stays as fast on page 500 as on page 1. */
export const cursorPageSchema = <T extends z.ZodType>(item: T) =>
  z.object({ items: z.array(item), nextCursor: z.string().nullable(), total: z.number().int() });
export type CursorPage<T> = { items: T[]; nextCursor: string | null; total: number };

/** An author as readers see them: the profile name, never the e-mail address. */
export const communityAuthorSchema = z.object({
  _id: objectIdSchema,
  name: z.string(),
  isAdmin: z.boolean(),
  /** Written by the item's own creator (the "Creator" badge); absent in older answers. */
  isCreator: z.boolean().optional(),
});
export type CommunityAuthor = z.infer<typeof communityAuthorSchema>;

export const postStatusSchema = z.enum(['visible', 'hidden', 'deleted']);
export type PostStatus = z.infer<typeof postStatusSchema>;

/**
 * A post: a thread's opening post or a reply. A hidden or deleted post keeps its place with empty `body`
 * and `bodyHtml` for readers (admins still see its text, and the row is kept for audit).
 */
/**
 * One of the signed-in person's own posts, as their data export holds it (GDPR portability): the Markdown they
 * wrote, where, and what became of it. Hidden and deleted posts are theirs too.
 */
export const ownPostSchema = z.object({
  _id: objectIdSchema,
  threadId: objectIdSchema,
  threadTitle: z.string(),
  productId: z.string(),
  lessonId: z.string().nullable(),
  isOpening: z.boolean(),
  body: z.string(),
  status: postStatusSchema,
  createdAt: z.string(),
  editedAt: z.string().nullable(),
});
export type OwnPost = z.infer<typeof ownPostSchema>;

export const postSchema = z.object({
  _id: objectIdSchema,
  threadId: objectIdSchema,
  isOpening: z.boolean(),
  author: communityAuthorSchema,
  /** The author's Markdown (for editing). */
  body: z.string(),
  /** Rendered and sanitised on the server. */
  bodyHtml: z.string(),
  createdAt: z.string(),
  editedAt: z.string().nullable(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
  isAnswer: z.boolean(),
  mine: z.boolean(),
  /** Until when the caller may still edit it (null: not theirs, or the window has closed). */
  editableUntil: z.string().nullable(),
  status: postStatusSchema,
});
export type Post = z.infer<typeof postSchema>;

export const threadSchema = z.object({
  _id: objectIdSchema,
  productId: objectIdSchema,
  lessonId: objectIdSchema.nullable(),
  title: z.string(),
  opening: postSchema,
  replyCount: z.number().int(),
  answered: z.boolean(),
  answerPostId: objectIdSchema.nullable(),
  locked: z.boolean(),
  /** The caller gets an e-mail when someone replies. */
  following: z.boolean(),
  createdAt: z.string(),
  lastActivityAt: z.string(),
});
export type Thread = z.infer<typeof threadSchema>;

// ---------- requests ----------

export const threadSortSchema = z.enum(['newest', 'top', 'unanswered']);
export type ThreadSort = z.infer<typeof threadSortSchema>;
export const threadListQuerySchema = discussionTargetSchema.extend({
  sort: threadSortSchema.default('newest'),
  cursor: cursorSchema,
  limit: limitSchema,
});

export const replySortSchema = z.enum(['oldest', 'top']);
export type ReplySort = z.infer<typeof replySortSchema>;
export const replyListQuerySchema = z.object({
  sort: replySortSchema.default('oldest'),
  cursor: cursorSchema,
  limit: limitSchema,
});

export const createThreadBodySchema = discussionTargetSchema.extend({
  title: postTitleSchema,
  body: postBodySchema,
});
export const createReplyBodySchema = z.object({ body: postBodySchema });
/** An edit: the body, and the title when the post opens its thread. */
export const editPostBodySchema = z.object({ body: postBodySchema, title: postTitleSchema.optional() });

export const reportReasonSchema = z.enum(REPORT_REASONS, { error: 'Choose a reason' });
export const reportPostBodySchema = z.object({
  reason: reportReasonSchema,
  note: z
    .string()
    .trim()
    .max(COMMUNITY_LIMITS.noteMax, `Note must be at most ${COMMUNITY_LIMITS.noteMax} characters`)
    .optional(),
});

export const threadParamsSchema = z.object({ threadId: objectIdSchema });
export const postParamsSchema = z.object({ postId: objectIdSchema });

export const voteResultSchema = z.object({
  postId: objectIdSchema,
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
});
export const followResultSchema = z.object({ threadId: objectIdSchema, following: z.boolean() });

/**
 * Page addresses in community e-mails and calendars (the product page accepts a productId, slug or _id; the
 * same addresses as web-kit's productPath and lessonPath, which could be built on these).
 */
export const productPagePath = (productKey: string): string =>
  `/browse/premium/product/${encodeURIComponent(productKey)}`;
export const lessonPagePath = (productKey: string, lessonId: string): string =>
  `${productPagePath(productKey)}/lesson/${encodeURIComponent(lessonId)}`;

/** The page an e-mail's unsubscribe link opens (`?token=`): it confirms by POSTing the token to the unsubscribe route. */
export const UNSUBSCRIBE_PAGE_PATH = '/unsubscribe';

/** The token of an e-mail's unsubscribe link (works without signing in). */
export const unsubscribeQuerySchema = z.object({
  token: z
    .string({ error: 'token is required' })
    .min(UNSUBSCRIBE_TOKEN_LENGTH.min, COMMUNITY_MESSAGES.unsubscribeInvalid)
    .max(UNSUBSCRIBE_TOKEN_LENGTH.max, COMMUNITY_MESSAGES.unsubscribeInvalid),
});
export const unsubscribeResultSchema = z.object({
  /** 'digest': the weekly e-mail (issue 61). */
  scope: z.enum(['thread', 'creator', 'type', 'digest', 'all']),
  threadTitle: z.string().nullable(),
  /** The creator no longer followed (scope 'creator'). */
  creatorName: z.string().nullable().optional(),
  /** The kind of notification no longer e-mailed (scope 'type'). */
  notificationType: notificationTypeSchema.nullable().optional(),
});

// ---------- moderation ----------

export const moderationReasonBodySchema = reasonBodySchema(MODERATION_REASON);

export const reportStatusSchema = z.enum(['open', 'resolved']);
export const reportQueueQuerySchema = z.object({
  status: reportStatusSchema.default('open'),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

export const reportedPostSchema = z.object({
  post: postSchema,
  thread: z.object({
    _id: objectIdSchema,
    title: z.string(),
    productId: objectIdSchema,
    lessonId: objectIdSchema.nullable(),
    locked: z.boolean(),
  }),
  reportCount: z.number().int(),
  reports: z.array(
    z.object({
      reason: reportReasonSchema,
      note: z.string().nullable(),
      reporter: communityAuthorSchema,
      createdAt: z.string(),
    }),
  ),
  status: reportStatusSchema,
  lastReportedAt: z.string(),
});
export type ReportedPost = z.infer<typeof reportedPostSchema>;

export const moderationActionSchema = z.enum([
  'hide',
  'restore',
  'delete',
  'lock',
  'unlock',
  'dismiss-reports',
  'author-delete',
]);
export type ModerationAction = z.infer<typeof moderationActionSchema>;
export const moderationEntrySchema = z.object({
  _id: objectIdSchema,
  action: moderationActionSchema,
  threadId: objectIdSchema,
  /** Where the thread lives, so the log links to its page (the product's, or the lesson's). */
  threadTitle: z.string(),
  productId: objectIdSchema,
  lessonId: objectIdSchema.nullable(),
  postId: objectIdSchema.nullable(),
  moderator: communityAuthorSchema,
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type ModerationEntry = z.infer<typeof moderationEntrySchema>;
export const moderationLogQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});

// ---------- live Q&A sessions ----------

export const liveStatusSchema = z.enum(['scheduled', 'live', 'ended']);
export type LiveStatus = z.infer<typeof liveStatusSchema>;

export const liveSessionSchema = z.object({
  productId: objectIdSchema,
  title: z.string(),
  startsAt: z.string(),
  durationMinutes: z.number().int(),
  endsAt: z.string(),
  status: liveStatusSchema,
  /** The conferencing link: only for those who may open the product. */
  joinUrl: z.string().nullable(),
  registered: z.boolean(),
  registrations: z.number().int(),
  /** The `.ics` file (GET, public). */
  calendarUrl: z.string(),
  googleCalendarUrl: z.string(),
  /** After the session: the recording's signed HLS stream (null until the admin attaches one). */
  recording: z
    .object({ assetId: objectIdSchema, streamUrl: z.string(), posterUrl: z.string().nullable() })
    .nullable(),
});
export type LiveSession = z.infer<typeof liveSessionSchema>;

export const liveProductParamsSchema = z.object({ productId: objectIdSchema });
export const scheduleLiveBodySchema = z.object({
  startsAt: z.iso.datetime({ offset: true, error: liveMessage('live.startsAt') }),
  durationMinutes: z.coerce
    .number({ error: liveMessage('live.durationRequired') })
    .int(liveMessage('live.durationWhole'))
    .min(10, liveMessage('live.durationMin', { min: 10 }))
    .max(480, liveMessage('live.durationMax', { hours: 8 })),
  joinUrl: z
    .url({ protocol: /^https?$/, error: liveMessage('live.joinUrl') })
    .max(2_000, liveMessage('live.joinUrlTooLong')),
  recordingAssetId: objectIdSchema.nullable().optional(),
});
export type ScheduleLiveBody = z.infer<typeof scheduleLiveBodySchema>;

export const liveQuestionSchema = z.object({
  _id: objectIdSchema,
  productId: objectIdSchema,
  author: communityAuthorSchema,
  body: z.string(),
  upvotes: z.number().int(),
  upvotedByMe: z.boolean(),
  answered: z.boolean(),
  mine: z.boolean(),
  createdAt: z.string(),
});
export type LiveQuestion = z.infer<typeof liveQuestionSchema>;
export const liveQuestionBodySchema = z.object({
  body: trimmed('Question', 1, COMMUNITY_LIMITS.questionMax, 'Write your question first'),
});
export const liveQuestionParamsSchema = z.object({ questionId: objectIdSchema });

/**
 * What the live board's event stream (SSE, `event:` is the type) carries: the whole question after each
 * change (so a client applies it by id, in any order), and the session itself when it starts, ends or moves.
 * Upvote counts arrive without `upvotedByMe` (the stream is the same for everyone).
 */
export const liveEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('question'),
    question: liveQuestionSchema.omit({ upvotedByMe: true, mine: true }),
  }),
  z.object({
    type: z.literal('session'),
    status: liveStatusSchema,
    startsAt: z.string(),
    endsAt: z.string(),
  }),
]);
export type LiveEvent = z.infer<typeof liveEventSchema>;

// ---------- a discussion's event stream ----------

/**
 * What an open discussion's event stream (SSE, `event:` is the type) carries, the same for every reader:
 * `reply` names a new reply (a client reads it through listReplies, which applies the reader's own view: their
 * vote, their posts, the edit window), `post-changed` a post's new public state after an edit, a vote, a
 * deletion or a moderator's hide or restore (a removed post's text is empty), `thread` the discussion's own
 * state (its title, replies counted, the answer, the lock). A reader's own `upvotedByMe` never travels.
 */
export const discussionEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('reply'),
    threadId: objectIdSchema,
    postId: objectIdSchema,
    replyCount: z.number().int(),
  }),
  z.object({
    type: z.literal('post-changed'),
    threadId: objectIdSchema,
    post: postSchema.pick({
      _id: true,
      body: true,
      bodyHtml: true,
      editedAt: true,
      upvotes: true,
      status: true,
    }),
  }),
  z.object({
    type: z.literal('thread'),
    threadId: objectIdSchema,
    title: z.string(),
    replyCount: z.number().int(),
    answered: z.boolean(),
    answerPostId: objectIdSchema.nullable(),
    locked: z.boolean(),
  }),
]);
export type DiscussionEvent = z.infer<typeof discussionEventSchema>;

/** A creator studio's open question: a discussion on one of the creator's items with no accepted answer. */
export const studioQuestionSchema = z.object({
  _id: objectIdSchema,
  title: z.string(),
  productId: objectIdSchema,
  /** The item's title, as content knows it now. */
  productTitle: z.string(),
  /** The lesson it is on (null: the product's own discussions). */
  lessonId: objectIdSchema.nullable(),
  author: z.object({ name: z.string() }),
  replyCount: z.number().int(),
  createdAt: z.string(),
});
export type StudioQuestion = z.infer<typeof studioQuestionSchema>;
