import {
  COMMUNITY_MESSAGES,
  type Identity,
  type Post,
  type Thread,
  type discussionRoutes,
} from '@catalyst/contracts';
import {
  conflict,
  forbidden,
  newObjectId,
  notFound,
  ownItem,
  reply,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { PostRow } from '../db/tables/posts';
import type { Deps } from '../deps';
import { streamTopic } from '../streams/stream-response';
import * as repo from './discussions.repository';
import { answerNotifications } from '../notifications/in-app';
import { actorOf, editDeadline, pageOf, decodeCursor, toPost, toThread, type Viewer } from './present';
import { renderMarkdown } from '@catalyst/service-kit/markdown';

export function createDiscussionHandlers(
  deps: Pick<
    Deps,
    | 'db'
    | 'events'
    | 'now'
    | 'postingRate'
    | 'log'
    | 'threadStreams'
    | 'threadEvents'
    | 'streamHolders'
    | 'lessonAccess'
    | 'catalog'
    | 'inbox'
  >,
): RouteHandlers<typeof discussionRoutes> {
  const {
    db,
    events,
    now,
    postingRate,
    log,
    threadStreams,
    threadEvents,
    streamHolders,
    lessonAccess,
    catalog,
    inbox,
  } = deps;

  /** The writer as stored on their post: a creator account on its own creator's product is marked. */
  async function authorOn(identity: Identity, productId: string, requestId?: string) {
    const product = identity.creatorId ? await catalog.getProduct(productId, requestId) : null;
    return { ...actorOf(identity), isCreator: product != null && ownItem(identity, product) };
  }

  const viewer = async (identity: Identity, postIds: string[], threadIds: string[] = []): Promise<Viewer> => {
    const [voted, following] = await Promise.all([
      repo.votedAmong(db, identity.id, postIds),
      threadIds.length > 0 ? events.followingAmong(identity.id, threadIds) : new Set<string>(),
    ]);
    return { identity, now: now(), voted, following };
  };

  /** One thread as the caller sees it (404 when it is gone). */
  async function threadFor(identity: Identity, threadId: string): Promise<Thread> {
    const found = await repo.findThread(db, threadId);
    if (!found) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
    return toThread(
      found.thread,
      found.opening,
      await viewer(identity, [found.opening.id], [found.thread.id]),
    );
  }

  async function postFor(identity: Identity, row: PostRow): Promise<Post> {
    const found = await repo.findThread(db, row.thread_id);
    if (!found) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
    return toPost(row, found.thread, await viewer(identity, [row.id]));
  }

  const existingPost = async (postId: string) => {
    const post = await repo.findPost(db, postId);
    if (!post) throw notFound(COMMUNITY_MESSAGES.postNotFound);
    return post;
  };

  /** The announcements after a commit: never undo the post, only logged when they fail. */
  const announce = (what: string, work: () => Promise<void>) =>
    work().catch((error: Error) => log.error({ err: error.message }, `community: ${what} failed`));

  /** A post the caller may change: theirs, still shown, in an unlocked thread (for edits and votes). */
  const assertWritable = (post: PostRow, locked: boolean) => {
    if (post.status !== 'visible') throw conflict(COMMUNITY_MESSAGES.removed);
    if (locked) throw conflict(COMMUNITY_MESSAGES.locked);
  };

  const assertMayMarkAnswer = (identity: Identity, thread: { author_id: string }) => {
    if (thread.author_id !== identity.id && identity.role !== 'admin')
      throw forbidden(COMMUNITY_MESSAGES.markAnswerForbidden);
  };

  return {
    async ownPosts({ identity }) {
      const rows = await repo.listPostsBy(db, identity.id);
      return rows.map((row) => ({
        _id: row.id,
        threadId: row.thread_id,
        threadTitle: row.title,
        productId: row.product_id,
        lessonId: row.lesson_id,
        isOpening: row.is_opening,
        body: row.body_md,
        status: row.status,
        createdAt: row.created_at.toISOString(),
        editedAt: row.edited_at ? row.edited_at.toISOString() : null,
      }));
    },

    async listThreads({ query, identity }) {
      const target = repo.targetOf(query.productId, query.lessonId);
      const top = query.sort === 'top';
      const after = decodeCursor(query.cursor, top);
      const [rows, counts] = await Promise.all([
        repo.listThreads(db, { target, sort: query.sort, after, limit: query.limit }),
        repo.targetCounts(db, target),
      ]);
      const page = pageOf(rows, query.limit, (r) => r.thread, top);
      const seen = await viewer(
        identity,
        page.items.map((r) => r.opening.id),
        page.items.map((r) => r.thread.id),
      );
      return {
        items: page.items.map((r) => toThread(r.thread, r.opening, seen)),
        nextCursor: page.nextCursor,
        total: query.sort === 'unanswered' ? counts.threads - counts.answered : counts.threads,
      };
    },

    async createThread({ body, identity, requestId }) {
      await postingRate(identity, requestId);
      const threadId = newObjectId();
      const author = await authorOn(identity, body.productId, requestId);
      await db.transaction().execute((trx) =>
        repo.insertThread(trx, {
          threadId,
          productId: body.productId,
          lessonId: body.lessonId ?? null,
          title: body.title,
          post: {
            id: newObjectId(),
            author,
            bodyMd: body.body,
            bodyHtml: renderMarkdown(body.body),
          },
        }),
      );
      // The asker hears of the answers.
      await announce('follow on asking', () => events.followed({ userId: identity.id, threadId }));
      return reply(await threadFor(identity, threadId), { status: 201 });
    },

    getThread: ({ params, identity }) => threadFor(identity, params.threadId),

    async listReplies({ params, query, identity }) {
      const found = await repo.findThread(db, params.threadId);
      if (!found) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      const top = query.sort === 'top';
      const rows = await repo.listReplies(db, {
        threadId: params.threadId,
        sort: query.sort,
        after: decodeCursor(query.cursor, top),
        limit: query.limit,
      });
      const page = pageOf(rows, query.limit, (r) => r, top);
      const seen = await viewer(
        identity,
        page.items.map((r) => r.id),
      );
      return {
        items: page.items.map((r) => toPost(r, found.thread, seen)),
        nextCursor: page.nextCursor,
        total: found.thread.reply_count,
      };
    },

    async createReply({ params, body, identity, requestId }) {
      // A reply that cannot land (a locked thread) does not count against the caller's hour.
      const target = await repo.findTargetOfThread(db, params.threadId);
      if (!target) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      if (target.locked) throw conflict(COMMUNITY_MESSAGES.locked);
      await postingRate(identity, requestId);
      const author = await authorOn(identity, target.product_id, requestId);
      const row = await db.transaction().execute(async (trx) => {
        const thread = await repo.lockThread(trx, params.threadId);
        if (!thread) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
        if (thread.locked) throw conflict(COMMUNITY_MESSAGES.locked);
        return repo.insertReply(trx, thread.id, {
          id: newObjectId(),
          author,
          bodyMd: body.body,
          bodyHtml: renderMarkdown(body.body),
        });
      });
      const post = await postFor(identity, row);
      await announce('follow on replying', () =>
        events.followed({ userId: identity.id, threadId: params.threadId }),
      );
      const thread = await threadFor(identity, params.threadId);
      threadEvents.replied(thread, post._id);
      await announce('reply notification', () => events.replyPosted({ thread, post }));
      return reply(post, { status: 201 });
    },

    async editPost({ params, body, identity }) {
      const row = await db.transaction().execute(async (trx) => {
        const post = await repo.findPost(trx, params.postId);
        if (!post) throw notFound(COMMUNITY_MESSAGES.postNotFound);
        if (post.author_id !== identity.id) throw forbidden(COMMUNITY_MESSAGES.notYourPost);
        const thread = await repo.lockThread(trx, post.thread_id);
        assertWritable(post, thread?.locked ?? false);
        if (now() >= editDeadline(post)) throw forbidden(COMMUNITY_MESSAGES.editWindowClosed);
        return repo.editPost(trx, post, {
          bodyMd: body.body,
          bodyHtml: renderMarkdown(body.body),
          title: body.title,
        });
      });
      threadEvents.changed(row.thread_id, [row.id]);
      return postFor(identity, row);
    },

    async deletePost({ params, identity }) {
      const row = await db.transaction().execute(async (trx) => {
        const post = await repo.findPost(trx, params.postId);
        if (!post) throw notFound(COMMUNITY_MESSAGES.postNotFound);
        if (post.author_id !== identity.id) throw forbidden(COMMUNITY_MESSAGES.notYourPost);
        if (post.status === 'deleted') return post;
        const thread = await repo.lockThread(trx, post.thread_id);
        // A removed reply is no longer anyone's answer.
        if (thread && thread.answer_post_id === post.id) await repo.setAnswer(trx, thread, null);
        const deleted = await repo.setPostStatus(trx, post.id, 'deleted', null);
        await repo.logModeration(trx, {
          id: newObjectId(),
          action: 'author-delete',
          threadId: post.thread_id,
          postId: post.id,
          by: actorOf(identity),
          reason: null,
        });
        return deleted;
      });
      threadEvents.changed(row.thread_id, [row.id]);
      return postFor(identity, row);
    },

    upvote: ({ params, identity }) => vote(params.postId, identity, true),
    removeVote: ({ params, identity }) => vote(params.postId, identity, false),

    async markAnswer({ params, identity }) {
      const post = await existingPost(params.postId);
      const thread = await db.transaction().execute(async (trx) => {
        const thread = await repo.lockThread(trx, post.thread_id);
        if (!thread) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
        assertMayMarkAnswer(identity, thread);
        if (post.is_opening) throw conflict(COMMUNITY_MESSAGES.onlyRepliesAnswer);
        assertWritable(post, thread.locked);
        await repo.setAnswer(trx, thread, post.id);
        return thread;
      });
      threadEvents.changed(post.thread_id);
      await announce('answer notification', async () => {
        await inbox.notify(
          answerNotifications(
            identity.id,
            {
              id: thread.id,
              authorId: thread.author_id,
              title: thread.title,
              productId: thread.product_id,
              lessonId: thread.lesson_id,
            },
            { id: post.id, authorId: post.author_id, authorName: post.author_name },
          ),
        );
      });
      return threadFor(identity, post.thread_id);
    },

    async unmarkAnswer({ params, identity }) {
      const post = await existingPost(params.postId);
      await db.transaction().execute(async (trx) => {
        const thread = await repo.lockThread(trx, post.thread_id);
        if (!thread) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
        assertMayMarkAnswer(identity, thread);
        if (thread.locked) throw conflict(COMMUNITY_MESSAGES.locked);
        if (thread.answer_post_id === post.id) await repo.setAnswer(trx, thread, null);
      });
      threadEvents.changed(post.thread_id);
      return threadFor(identity, post.thread_id);
    },

    /** The discussion's event stream (access checked by the premium rule; no replay: a client reads again on each opening). */
    async events({ params, identity, requestId }, c) {
      const target = await repo.findTargetOfThread(db, params.threadId);
      if (!target) throw notFound(COMMUNITY_MESSAGES.threadNotFound);
      // While it is open, the premium rule is asked again: a plan that ends ends the stream.
      const mayStay = () =>
        lessonAccess.assertMayOpen(identity, target.product_id, target.lesson_id, requestId);
      return streamTopic(c, { holders: streamHolders, identity, mayStay, log }, (sink, end) =>
        threadStreams.attach(params.threadId, sink, end),
      );
    },

    async report({ params, body, identity }) {
      await existingPost(params.postId);
      const reported = await db.transaction().execute((trx) =>
        repo.insertReport(trx, {
          id: newObjectId(),
          postId: params.postId,
          reporter: actorOf(identity),
          reason: body.reason,
          note: body.note || null,
        }),
      );
      if (!reported) throw conflict(COMMUNITY_MESSAGES.alreadyReported);
      return reply({ postId: params.postId, reported: true as const }, { status: 201 });
    },
  };

  async function vote(postId: string, identity: Identity, up: boolean) {
    const post = await existingPost(postId);
    if (up && post.author_id === identity.id) throw conflict(COMMUNITY_MESSAGES.ownPostVote);
    const result = await db.transaction().execute(async (trx) => {
      // The opening post's count is also its thread's: lock the thread first, in the order every writer takes (thread, then post).
      const thread = post.is_opening
        ? await repo.lockThread(trx, post.thread_id)
        : await trx
            .selectFrom('threads')
            .select('locked')
            .where('id', '=', post.thread_id)
            .executeTakeFirst();
      assertWritable(post, thread?.locked ?? false);
      return repo.setVote(trx, post, identity.id, up);
    });
    threadEvents.changed(post.thread_id, [post.id]);
    return { postId, ...result };
  }
}
