import {
  COMMUNITY_MESSAGES,
  type Identity,
  type ModerationAction,
  type moderationRoutes,
  type Post,
  type PostStatus,
  type ReportedPost,
} from '@catalyst/contracts';
import {
  conflict,
  newObjectId,
  notFound,
  reportQueue,
  reportsOf,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { PostRow } from '../db/tables/posts';
import type { ThreadRow } from '../db/tables/threads';
import type { Deps } from '../deps';
import * as discussions from '../discussions/discussions.repository';
import { actorOf, toPost, toThread, type Viewer } from '../discussions/present';
import * as repo from './moderation.repository';

export function createModerationHandlers(
  deps: Pick<Deps, 'db' | 'now' | 'threadEvents'>,
): RouteHandlers<typeof moderationRoutes> {
  const { db, now, threadEvents } = deps;

  const viewerOf = async (identity: Identity, postIds: string[]): Promise<Viewer> => ({
    identity,
    now: now(),
    voted: await discussions.votedAmong(db, identity.id, postIds),
  });

  /**
   * One moderator's action on a post, in one transaction with its audit line: the thread is locked first
   * (the order every writer takes), `change` answers the post's new row, or null when there is nothing to do
   * (then nothing is logged).
   */
  async function actOnPost(
    identity: Identity,
    postId: string,
    action: ModerationAction,
    reason: string | null,
    change: (trx: Transaction<Database>, post: PostRow, thread: ThreadRow) => Promise<PostRow | null>,
  ): Promise<Post> {
    const { post, thread, changed } = await db.transaction().execute(async (trx) => {
      const found = await discussions.findPost(trx, postId);
      if (!found) throw notFound(COMMUNITY_MESSAGES.postNotFound);
      const locked = await discussions.lockThread(trx, found.thread_id);
      if (!locked) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      const changed = await change(trx, found, locked);
      if (changed)
        await discussions.logModeration(trx, {
          id: newObjectId(),
          action,
          threadId: found.thread_id,
          postId,
          by: actorOf(identity),
          reason,
        });
      // The thread as it is now (an answer may have been unmarked).
      const current = (await discussions.findThread(trx, found.thread_id))!.thread;
      return { post: changed ?? found, thread: current, changed: changed !== null };
    });
    if (changed) threadEvents.changed(thread.id, [post.id]);
    return toPost(post, thread, await viewerOf(identity, [post.id]));
  }

  /** Moves a post to `status` (from the statuses `from`); a post already there is left as it is. */
  const moveTo =
    (identity: Identity, status: PostStatus, from: PostStatus[], reason: string | null) =>
    async (trx: Transaction<Database>, post: PostRow, thread: ThreadRow) => {
      if (post.status === status) return null;
      if (!from.includes(post.status)) throw conflict(COMMUNITY_MESSAGES.removed);
      // A deleted reply is no longer anyone's answer.
      if (status === 'deleted' && thread.answer_post_id === post.id)
        await discussions.setAnswer(trx, thread, null);
      return discussions.setPostStatus(trx, post.id, status, { by: identity.id, reason });
    };

  async function setLock(identity: Identity, threadId: string, locked: boolean, reason: string | null) {
    const changed = await db.transaction().execute(async (trx) => {
      const thread = await discussions.lockThread(trx, threadId);
      if (!thread) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      if (thread.locked === locked) return false;
      await discussions.setLocked(trx, threadId, locked);
      await discussions.logModeration(trx, {
        id: newObjectId(),
        action: locked ? 'lock' : 'unlock',
        threadId,
        postId: null,
        by: actorOf(identity),
        reason,
      });
      return true;
    });
    if (changed) threadEvents.changed(threadId);
    const found = (await discussions.findThread(db, threadId))!;
    return toThread(found.thread, found.opening, await viewerOf(identity, [found.opening.id]));
  }

  return {
    async reports({ query, identity }) {
      const open = query.status === 'open';
      const { rows, total } = await reportQueue(db, 'posts', {
        status: query.status,
        page: query.page,
        limit: query.limit,
      });
      const ids = rows.map((r) => r.id);
      const [reports, threads, viewer] = await Promise.all([
        reportsOf(db, 'post_reports', 'post_id', ids, open),
        repo.threadsByIds(
          db,
          rows.map((r) => r.thread_id),
        ),
        viewerOf(identity, ids),
      ]);
      const items = rows.flatMap((row): ReportedPost[] => {
        const thread = threads.get(row.thread_id);
        if (!thread) return [];
        const own = reports.filter((r) => r.post_id === row.id);
        return [
          {
            post: toPost(row, thread, viewer),
            thread: {
              _id: thread.id,
              title: thread.title,
              productId: thread.product_id,
              lessonId: thread.lesson_id,
              locked: thread.locked,
            },
            reportCount: open ? row.open_reports : row.report_count,
            reports: own.map((r) => ({
              reason: r.reason,
              note: r.note,
              reporter: { _id: r.reporter_id, name: r.reporter_name, isAdmin: r.reporter_is_admin },
              createdAt: r.created_at.toISOString(),
            })),
            status: query.status,
            lastReportedAt: (row.last_reported_at ?? row.created_at).toISOString(),
          },
        ];
      });
      return { items, total, page: query.page, limit: query.limit };
    },

    dismissReports: ({ params, body, identity }) =>
      actOnPost(identity, params.postId, 'dismiss-reports', body.reason, async (trx, post) =>
        post.open_reports > 0 ? discussions.closeReports(trx, post.id) : null,
      ),

    hidePost: ({ params, body, identity }) =>
      actOnPost(
        identity,
        params.postId,
        'hide',
        body.reason,
        moveTo(identity, 'hidden', ['visible'], body.reason),
      ),
    restorePost: ({ params, body, identity }) =>
      actOnPost(
        identity,
        params.postId,
        'restore',
        body.reason,
        moveTo(identity, 'visible', ['hidden'], body.reason),
      ),
    deletePost: ({ params, body, identity }) =>
      actOnPost(
        identity,
        params.postId,
        'delete',
        body.reason,
        moveTo(identity, 'deleted', ['visible', 'hidden'], body.reason),
      ),

    lockThread: ({ params, body, identity }) => setLock(identity, params.threadId, true, body.reason),
    unlockThread: ({ params, identity }) => setLock(identity, params.threadId, false, null),

    async auditLog({ query }) {
      const { rows, total } = await repo.auditLog(db, query);
      return {
        items: rows.map((row) => ({
          _id: row.id,
          action: row.action,
          threadId: row.thread_id,
          threadTitle: row.thread_title,
          productId: row.product_id,
          lessonId: row.lesson_id,
          postId: row.post_id,
          moderator: { _id: row.moderator_id, name: row.moderator_name, isAdmin: row.moderator_is_admin },
          reason: row.reason,
          createdAt: row.created_at.toISOString(),
        })),
        total,
        page: query.page,
        limit: query.limit,
      };
    },
  };
}
