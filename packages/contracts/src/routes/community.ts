import { z } from 'zod';
import { pageSchema } from '../api';
import {
  createReplyBodySchema,
  createThreadBodySchema,
  cursorPageSchema,
  editPostBodySchema,
  followResultSchema,
  liveProductParamsSchema,
  liveQuestionBodySchema,
  liveQuestionParamsSchema,
  liveQuestionSchema,
  liveSessionSchema,
  moderationEntrySchema,
  moderationLogQuerySchema,
  moderationReasonBodySchema,
  postParamsSchema,
  postSchema,
  replyListQuerySchema,
  reportedPostSchema,
  reportPostBodySchema,
  reportQueueQuerySchema,
  scheduleLiveBodySchema,
  threadListQuerySchema,
  threadParamsSchema,
  threadSchema,
  unsubscribeQuerySchema,
  unsubscribeResultSchema,
  voteResultSchema,
} from '../community';
import { defineRoutes } from './define';

const service = 'community';

/**
 * Discussions on a product or a lesson. `premium`: the community service's rule opens a discussion to
 * whoever may open its product or lesson (a free-preview lesson to every signed-in user), as content does.
 */
export const discussionRoutes = defineRoutes({
  listThreads: { method: 'GET', path: '/community/threads', service, access: 'premium', summary: "A product's or a lesson's discussions: newest, top or unanswered first", query: threadListQuerySchema, response: cursorPageSchema(threadSchema) },
  createThread: { method: 'POST', path: '/community/threads', service, access: 'premium', status: 201, summary: 'Ask a question or start a discussion on a product or a lesson (Markdown; rate limited, stricter for new accounts)', body: createThreadBodySchema, response: threadSchema },
  getThread: { method: 'GET', path: '/community/threads/:threadId', service, access: 'premium', summary: 'One discussion with its opening post', params: threadParamsSchema, response: threadSchema },
  listReplies: { method: 'GET', path: '/community/threads/:threadId/replies', service, access: 'premium', summary: "A discussion's replies, oldest or top first (keyset pages)", params: threadParamsSchema, query: replyListQuerySchema, response: cursorPageSchema(postSchema) },
  createReply: { method: 'POST', path: '/community/threads/:threadId/replies', service, access: 'premium', status: 201, summary: 'Reply to a discussion (you follow it from then on)', params: threadParamsSchema, body: createReplyBodySchema, response: postSchema },
  events: {
    method: 'GET',
    path: '/community/threads/:threadId/events',
    service,
    access: 'premium',
    answer: 'bytes',
    timeout: 'stream',
    summary: 'Server-Sent Events of one discussion: new replies, posts edited, voted, removed or restored, the answer and the lock',
    params: threadParamsSchema,
    response: z.string(),
  },
  follow: { method: 'PUT', path: '/community/threads/:threadId/follow', service, access: 'premium', summary: 'Get an e-mail when someone replies (at most one an hour)', params: threadParamsSchema, response: followResultSchema },
  unfollow: { method: 'DELETE', path: '/community/threads/:threadId/follow', service, access: 'premium', summary: 'Stop the e-mails of a discussion', params: threadParamsSchema, response: followResultSchema },
  editPost: { method: 'PATCH', path: '/community/posts/:postId', service, access: 'premium', summary: `Edit your post (within 15 minutes of posting)`, params: postParamsSchema, body: editPostBodySchema, response: postSchema },
  deletePost: { method: 'DELETE', path: '/community/posts/:postId', service, access: 'premium', summary: 'Delete your post (kept for moderation, shown as removed)', params: postParamsSchema, response: postSchema },
  upvote: { method: 'PUT', path: '/community/posts/:postId/vote', service, access: 'premium', summary: 'Upvote a post (once; repeating it changes nothing)', params: postParamsSchema, response: voteResultSchema },
  removeVote: { method: 'DELETE', path: '/community/posts/:postId/vote', service, access: 'premium', summary: 'Take your upvote back', params: postParamsSchema, response: voteResultSchema },
  markAnswer: { method: 'PUT', path: '/community/posts/:postId/answer', service, access: 'premium', summary: 'Mark a reply as the answer (the person who asked, or an admin)', params: postParamsSchema, response: threadSchema },
  unmarkAnswer: { method: 'DELETE', path: '/community/posts/:postId/answer', service, access: 'premium', summary: 'The reply is no longer the answer', params: postParamsSchema, response: threadSchema },
  report: { method: 'POST', path: '/community/posts/:postId/report', service, access: 'premium', status: 201, summary: 'Report a post to the moderators (once per person)', params: postParamsSchema, body: reportPostBodySchema, response: z.object({ postId: z.string(), reported: z.literal(true) }) },
  unsubscribe: {
    method: 'POST',
    path: '/community/unsubscribe',
    service,
    access: 'public',
    bodyKind: 'raw',
    summary: "An e-mail's unsubscribe link, without signing in (also RFC 8058 one-click: the form body is ignored)",
    query: unsubscribeQuerySchema,
    response: unsubscribeResultSchema,
  },
});

/** Live Q&A sessions of webinar products: the schedule, registrations, the question board and its event stream. */
export const liveRoutes = defineRoutes({
  getSession: { method: 'GET', path: '/community/live/:productId', service, access: 'premium', summary: "A webinar's live session: when, its status, the join link, your registration and the recording", params: liveProductParamsSchema, response: liveSessionSchema },
  calendar: { method: 'GET', path: '/community/live/:productId/calendar.ics', service, access: 'public', answer: 'bytes', summary: 'The session as an iCalendar file (Add to calendar)', params: liveProductParamsSchema, response: z.string() },
  register: { method: 'PUT', path: '/community/live/:productId/registration', service, access: 'premium', summary: 'Register for the session (a reminder e-mail an hour before)', params: liveProductParamsSchema, response: liveSessionSchema },
  unregister: { method: 'DELETE', path: '/community/live/:productId/registration', service, access: 'premium', summary: 'Cancel your registration', params: liveProductParamsSchema, response: liveSessionSchema },
  listQuestions: { method: 'GET', path: '/community/live/:productId/questions', service, access: 'premium', summary: "The live board's questions, most upvoted first", params: liveProductParamsSchema, response: z.array(liveQuestionSchema) },
  askQuestion: { method: 'POST', path: '/community/live/:productId/questions', service, access: 'premium', status: 201, summary: 'Ask the host a question (while the board is open)', params: liveProductParamsSchema, body: liveQuestionBodySchema, response: liveQuestionSchema },
  upvoteQuestion: { method: 'PUT', path: '/community/live/questions/:questionId/vote', service, access: 'premium', summary: 'Upvote a question (once)', params: liveQuestionParamsSchema, response: liveQuestionSchema },
  removeQuestionVote: { method: 'DELETE', path: '/community/live/questions/:questionId/vote', service, access: 'premium', summary: 'Take your upvote back', params: liveQuestionParamsSchema, response: liveQuestionSchema },
  markQuestionAnswered: { method: 'PUT', path: '/community/live/questions/:questionId/answered', service, access: 'admin', summary: 'The host marks a question answered', params: liveQuestionParamsSchema, response: liveQuestionSchema },
  events: {
    method: 'GET',
    path: '/community/live/:productId/events',
    service,
    access: 'premium',
    answer: 'bytes',
    timeout: 'stream',
    summary: 'Server-Sent Events of the live board: questions as they are asked, voted and answered, and the session starting and ending',
    params: liveProductParamsSchema,
    response: z.string(),
  },
});

/** Moderators' tools (admins): the reports queue, hiding, deleting, locking, and the audit log. */
export const moderationRoutes = defineRoutes({
  reports: { method: 'GET', path: '/admin/community/reports', service, access: 'admin', summary: 'Reported posts with their reports, most reported first', query: reportQueueQuerySchema, response: pageSchema(reportedPostSchema) },
  dismissReports: { method: 'POST', path: '/admin/community/posts/:postId/dismiss', service, access: 'admin', summary: "Close a post's reports without acting on it", params: postParamsSchema, body: moderationReasonBodySchema, response: postSchema },
  hidePost: { method: 'POST', path: '/admin/community/posts/:postId/hide', service, access: 'admin', summary: 'Hide a post from readers (kept, and can be restored)', params: postParamsSchema, body: moderationReasonBodySchema, response: postSchema },
  restorePost: { method: 'POST', path: '/admin/community/posts/:postId/restore', service, access: 'admin', summary: 'Show a hidden post again', params: postParamsSchema, body: moderationReasonBodySchema, response: postSchema },
  deletePost: { method: 'POST', path: '/admin/community/posts/:postId/delete', service, access: 'admin', summary: 'Delete any post (its text is kept for the audit log)', params: postParamsSchema, body: moderationReasonBodySchema, response: postSchema },
  lockThread: { method: 'PUT', path: '/admin/community/threads/:threadId/lock', service, access: 'admin', summary: 'Lock a discussion: no more replies, edits or votes', params: threadParamsSchema, body: moderationReasonBodySchema, response: threadSchema },
  unlockThread: { method: 'DELETE', path: '/admin/community/threads/:threadId/lock', service, access: 'admin', summary: 'Unlock a discussion', params: threadParamsSchema, response: threadSchema },
  auditLog: { method: 'GET', path: '/admin/community/audit', service, access: 'admin', summary: 'Every moderation action, newest first', query: moderationLogQuerySchema, response: pageSchema(moderationEntrySchema) },
  scheduleLive: { method: 'PUT', path: '/admin/community/live/:productId', service, access: 'admin', summary: "Schedule (or move) a webinar's live session, its join link and its recording", params: liveProductParamsSchema, body: scheduleLiveBodySchema, response: liveSessionSchema },
  cancelLive: { method: 'DELETE', path: '/admin/community/live/:productId', service, access: 'admin', summary: "Remove a webinar's live session", params: liveProductParamsSchema, response: z.object({ productId: z.string() }) },
});
