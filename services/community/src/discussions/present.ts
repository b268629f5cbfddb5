import { z } from 'zod';
import { COMMUNITY_LIMITS, type Identity, type Post, type Thread } from '@catalyst/contracts';
import { badRequest } from '@catalyst/service-kit';
import type { PostRow } from '../db/tables/posts';
import type { ThreadRow } from '../db/tables/threads';
import type { Actor, Position } from './discussions.repository';

/** Who is looking, and what of theirs this page needs: their upvotes and the threads they follow. */
export interface Viewer {
  identity: Identity;
  now: Date;
  voted: Set<string>;
  following?: Set<string>;
}

export const actorOf = (identity: Identity): Actor => ({
  id: identity.id,
  name: identity.name,
  isAdmin: identity.role === 'admin',
});

const EDIT_WINDOW_MS = COMMUNITY_LIMITS.editWindowMinutes * 60_000;

/** Until when the author may still edit the post (null when that time has passed). */
export const editDeadline = (post: Pick<PostRow, 'created_at'>) =>
  new Date(post.created_at.getTime() + EDIT_WINDOW_MS);

/**
 * A post as the viewer sees it: a hidden or deleted post keeps its place with an empty body for readers,
 * and its text for admins (with its status), so moderators can judge it.
 */
export function toPost(
  row: PostRow,
  thread: Pick<ThreadRow, 'answer_post_id' | 'locked'>,
  viewer: Viewer,
): Post {
  const mine = row.author_id === viewer.identity.id;
  const readable = row.status === 'visible' || viewer.identity.role === 'admin';
  const deadline = editDeadline(row);
  return {
    _id: row.id,
    threadId: row.thread_id,
    isOpening: row.is_opening,
    author: {
      _id: row.author_id,
      name: row.author_name,
      isAdmin: row.author_is_admin,
      isCreator: row.author_is_creator ?? false,
    },
    body: readable ? row.body_md : '',
    bodyHtml: readable ? row.body_html : '',
    createdAt: row.created_at.toISOString(),
    editedAt: row.edited_at ? row.edited_at.toISOString() : null,
    upvotes: row.upvotes,
    upvotedByMe: viewer.voted.has(row.id),
    isAnswer: thread.answer_post_id === row.id,
    mine,
    editableUntil:
      mine && row.status === 'visible' && !thread.locked && viewer.now < deadline
        ? deadline.toISOString()
        : null,
    status: row.status,
  };
}

export function toThread(thread: ThreadRow, opening: PostRow, viewer: Viewer): Thread {
  return {
    _id: thread.id,
    productId: thread.product_id,
    lessonId: thread.lesson_id,
    title: thread.title,
    opening: toPost(opening, thread, viewer),
    replyCount: thread.reply_count,
    answered: thread.answer_post_id !== null,
    answerPostId: thread.answer_post_id,
    locked: thread.locked,
    following: viewer.following?.has(thread.id) ?? false,
    createdAt: thread.created_at.toISOString(),
    lastActivityAt: thread.last_activity_at.toISOString(),
  };
}

// ---------- keyset cursors: the last row's sort key, opaque to clients ----------

const positionSchema = z.object({ u: z.number().int().min(0).optional(), s: z.string().regex(/^\d{1,19}$/) });

export const encodeCursor = (row: { upvotes: number; seq: string }, withVotes: boolean): string =>
  Buffer.from(
    JSON.stringify(withVotes ? { u: row.upvotes, s: String(row.seq) } : { s: String(row.seq) }),
  ).toString('base64url');

/** The position a cursor names (400 when it is not one of ours, or is of another sort). */
export function decodeCursor(cursor: string | undefined, withVotes: boolean): Position | null {
  if (cursor === undefined || cursor === '') return null;
  let parsed: z.infer<typeof positionSchema> | undefined;
  try {
    parsed = positionSchema.parse(JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')));
  } catch {
    parsed = undefined;
  }
  if (!parsed || (parsed.u !== undefined) !== withVotes)
    throw badRequest('Invalid cursor', [
      { field: 'cursor', message: 'This page cursor is not valid: start from the first page' },
    ]);
  return { upvotes: parsed.u, seq: parsed.s };
}

/** A page of `limit` rows from `limit + 1` read, and the cursor of the next page. */
export function pageOf<T>(
  rows: T[],
  limit: number,
  keyOf: (row: T) => { upvotes: number; seq: string },
  withVotes: boolean,
) {
  const items = rows.slice(0, limit);
  const last = items[items.length - 1];
  return { items, nextCursor: rows.length > limit && last ? encodeCursor(keyOf(last), withVotes) : null };
}
