import type { ButtonVariant } from '@catalyst/web-kit';
import { api } from '@catalyst/web-kit';
import type { ModerationAction, Post, ReportedPost, Thread } from '@catalyst/contracts';

/** A reported post as a list row (the admin list keys its rows by `_id`: the post's). */
export type ReportRow = ReportedPost & { _id: string };
export const asReportRow = (reported: ReportedPost): ReportRow => ({ ...reported, _id: reported.post._id });

/** What a moderator can do from a report's row. */
export type RowAction = 'hide' | 'restore' | 'delete' | 'dismiss' | 'lock' | 'unlock';

/** The server's answer to an action: the post as it is now, or the thread (lock, unlock). */
export type ActionAnswer = { post: Post } | { thread: Thread };

export interface RowActionSpec {
  /** The button's word. */
  label: string;
  /** The dialog's title and its confirm button. */
  title: string;
  confirm: string;
  /** Said after it worked, when the server gives no message of its own. */
  done: string;
  variant: ButtonVariant;
  /** Unlocking takes no reason: the server's unlock has no body, so a reason asked for would be lost. */
  asksReason: boolean;
  question: (row: ReportRow) => string;
  /** Whether the row offers it now. */
  offered: (row: ReportRow) => boolean;
  send: (row: ReportRow, reason: string) => Promise<{ answer: ActionAnswer; message?: string }>;
}

const onPost = (row: ReportRow) => ({ params: { postId: row.post._id } });
const postAnswer = async (call: Promise<{ data: Post; message?: string }>) => {
  const { data, message } = await call;
  return { answer: { post: data }, message };
};
const threadAnswer = async (call: Promise<{ data: Thread; message?: string }>) => {
  const { data, message } = await call;
  return { answer: { thread: data }, message };
};
const whose = (row: ReportRow) =>
  `${row.post.author.name}'s ${row.post.isOpening ? 'opening post' : 'reply'} in "${row.thread.title}"`;

export const ROW_ACTIONS: Record<RowAction, RowActionSpec> = {
  hide: {
    label: 'Hide',
    title: 'Hide post',
    confirm: 'Hide',
    done: 'Post hidden',
    variant: 'danger',
    asksReason: true,
    question: (row) => `Hide ${whose(row)}? Readers see that it was removed; you can restore it later.`,
    offered: (row) => row.post.status === 'visible',
    send: (row, reason) => postAnswer(api.moderation.hidePost.request({ ...onPost(row), body: { reason } })),
  },
  restore: {
    label: 'Restore',
    title: 'Restore post',
    confirm: 'Restore',
    done: 'Post restored',
    variant: 'primary',
    asksReason: true,
    question: (row) => `Show ${whose(row)} to readers again?`,
    offered: (row) => row.post.status === 'hidden',
    send: (row, reason) =>
      postAnswer(api.moderation.restorePost.request({ ...onPost(row), body: { reason } })),
  },
  delete: {
    label: 'Delete',
    title: 'Delete post',
    confirm: 'Delete',
    done: 'Post deleted',
    variant: 'danger',
    asksReason: true,
    question: (row) =>
      `Delete ${whose(row)}? Its text is kept for the audit log only. This cannot be undone.`,
    offered: (row) => row.post.status !== 'deleted',
    send: (row, reason) =>
      postAnswer(api.moderation.deletePost.request({ ...onPost(row), body: { reason } })),
  },
  dismiss: {
    label: 'Dismiss',
    title: 'Dismiss reports',
    confirm: 'Dismiss reports',
    done: 'Reports dismissed',
    variant: 'primary',
    asksReason: true,
    question: (row) =>
      `Close the ${row.reportCount === 1 ? 'report' : `${row.reportCount} reports`} on ${whose(row)} without acting on the post?`,
    offered: (row) => row.status === 'open',
    send: (row, reason) =>
      postAnswer(api.moderation.dismissReports.request({ ...onPost(row), body: { reason } })),
  },
  lock: {
    label: 'Lock thread',
    title: 'Lock thread',
    confirm: 'Lock',
    done: 'Thread locked',
    variant: 'danger',
    asksReason: true,
    question: (row) =>
      `Lock "${row.thread.title}"? Nobody can reply, edit or vote in it until it is unlocked.`,
    offered: (row) => !row.thread.locked,
    send: (row, reason) =>
      threadAnswer(
        api.moderation.lockThread.request({ params: { threadId: row.thread._id }, body: { reason } }),
      ),
  },
  unlock: {
    label: 'Unlock thread',
    title: 'Unlock thread',
    confirm: 'Unlock',
    done: 'Thread unlocked',
    variant: 'primary',
    asksReason: false,
    question: (row) => `Unlock "${row.thread.title}"? People can reply, edit and vote in it again.`,
    offered: (row) => row.thread.locked,
    send: (row) =>
      threadAnswer(api.moderation.unlockThread.request({ params: { threadId: row.thread._id } })),
  },
};

export const ROW_ACTION_ORDER: readonly RowAction[] = [
  'hide',
  'restore',
  'delete',
  'dismiss',
  'lock',
  'unlock',
];

/** A row with an action's answer applied: the post replaced, or the thread's lock (every row of that thread). */
export function applyAnswer(row: ReportRow, answer: ActionAnswer): ReportRow {
  if ('post' in answer) return answer.post._id === row.post._id ? { ...row, post: answer.post } : row;
  return answer.thread._id === row.thread._id
    ? { ...row, thread: { ...row.thread, locked: answer.thread.locked } }
    : row;
}

/** What each action reads as in the audit log. */
export const AUDIT_ACTION_LABELS: Record<ModerationAction, string> = {
  hide: 'Hid a post',
  restore: 'Restored a post',
  delete: 'Deleted a post',
  lock: 'Locked the thread',
  unlock: 'Unlocked the thread',
  'dismiss-reports': 'Dismissed reports',
  'author-delete': 'Author deleted their post',
};
