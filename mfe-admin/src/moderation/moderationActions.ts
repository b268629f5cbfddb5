import type { ButtonVariant } from '@catalyst/web-kit';
import { api } from '@catalyst/web-kit';
import type { ModerationAction, Post, ReportedPost, Thread } from '@catalyst/contracts';
import type { ConsoleKey, ConsoleT } from '../i18n/console/en';

/** A reported post as a list row (the admin list keys its rows by `_id`: the post's). */
export type ReportRow = ReportedPost & { _id: string };
export const asReportRow = (reported: ReportedPost): ReportRow => ({ ...reported, _id: reported.post._id });

/** What a moderator can do from a report's row. */
export type RowAction = 'hide' | 'restore' | 'delete' | 'dismiss' | 'lock' | 'unlock';

/** The server's answer to an action: the post as it is now, or the thread (lock, unlock). */
export type ActionAnswer = { post: Post } | { thread: Thread };

export interface RowActionSpec {
  /** The button's word (each text here a key of the console's table). */
  label: ConsoleKey;
  /** The dialog's title and its confirm button. */
  title: ConsoleKey;
  confirm: ConsoleKey;
  /** Said after it worked, when the server gives no message of its own. */
  done: ConsoleKey;
  variant: ButtonVariant;
  /** Unlocking takes no reason: the server's unlock has no body, so a reason asked for would be lost. */
  asksReason: boolean;
  question: (row: ReportRow, t: ConsoleT) => string;
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
const whose = (row: ReportRow, t: ConsoleT) =>
  t(row.post.isOpening ? 'moderation.whose.opening' : 'moderation.whose.reply', {
    name: row.post.author.name,
    title: row.thread.title,
  });

export const ROW_ACTIONS: Record<RowAction, RowActionSpec> = {
  hide: {
    label: 'moderation.action.hide',
    title: 'moderation.action.hideTitle',
    confirm: 'moderation.action.hide',
    done: 'moderation.action.hidden',
    variant: 'danger',
    asksReason: true,
    question: (row, t) => t('moderation.action.hideQuestion', { whose: whose(row, t) }),
    offered: (row) => row.post.status === 'visible',
    send: (row, reason) => postAnswer(api.moderation.hidePost.request({ ...onPost(row), body: { reason } })),
  },
  restore: {
    label: 'moderation.action.restore',
    title: 'moderation.action.restoreTitle',
    confirm: 'moderation.action.restore',
    done: 'moderation.action.restored',
    variant: 'primary',
    asksReason: true,
    question: (row, t) => t('moderation.action.restoreQuestion', { whose: whose(row, t) }),
    offered: (row) => row.post.status === 'hidden',
    send: (row, reason) =>
      postAnswer(api.moderation.restorePost.request({ ...onPost(row), body: { reason } })),
  },
  delete: {
    label: 'moderation.action.delete',
    title: 'moderation.action.deleteTitle',
    confirm: 'moderation.action.delete',
    done: 'moderation.action.deleted',
    variant: 'danger',
    asksReason: true,
    question: (row, t) => t('moderation.action.deleteQuestion', { whose: whose(row, t) }),
    offered: (row) => row.post.status !== 'deleted',
    send: (row, reason) =>
      postAnswer(api.moderation.deletePost.request({ ...onPost(row), body: { reason } })),
  },
  dismiss: {
    label: 'moderation.action.dismiss',
    title: 'moderation.action.dismissTitle',
    confirm: 'moderation.action.dismissTitle',
    done: 'moderation.action.dismissed',
    variant: 'primary',
    asksReason: true,
    question: (row, t) =>
      t('moderation.action.dismissQuestion', { count: row.reportCount, whose: whose(row, t) }),
    offered: (row) => row.status === 'open',
    send: (row, reason) =>
      postAnswer(api.moderation.dismissReports.request({ ...onPost(row), body: { reason } })),
  },
  lock: {
    label: 'moderation.action.lockTitle',
    title: 'moderation.action.lockTitle',
    confirm: 'moderation.action.lock',
    done: 'moderation.action.locked',
    variant: 'danger',
    asksReason: true,
    question: (row, t) => t('moderation.action.lockQuestion', { title: row.thread.title }),
    offered: (row) => !row.thread.locked,
    send: (row, reason) =>
      threadAnswer(
        api.moderation.lockThread.request({ params: { threadId: row.thread._id }, body: { reason } }),
      ),
  },
  unlock: {
    label: 'moderation.action.unlockTitle',
    title: 'moderation.action.unlockTitle',
    confirm: 'moderation.action.unlock',
    done: 'moderation.action.unlocked',
    variant: 'primary',
    asksReason: false,
    question: (row, t) => t('moderation.action.unlockQuestion', { title: row.thread.title }),
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
export const AUDIT_ACTION_LABELS = {
  hide: 'moderation.audit.hide',
  restore: 'moderation.audit.restore',
  delete: 'moderation.audit.delete',
  lock: 'moderation.audit.lock',
  unlock: 'moderation.audit.unlock',
  'dismiss-reports': 'moderation.audit.dismiss',
  'author-delete': 'moderation.audit.authorDelete',
} as const satisfies Record<ModerationAction, ConsoleKey>;
