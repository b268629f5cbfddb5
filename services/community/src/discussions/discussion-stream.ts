import { discussionEventSchema, type DiscussionEvent } from '@catalyst/contracts';
import type { Logger } from '@catalyst/service-kit';
import type { PostRow } from '../db/tables/posts';
import type { ThreadRow } from '../db/tables/threads';
import type { Deps } from '../deps';
import type { EventHub, Topics } from '../streams/event-hub';
import { findPostsOfThread, findThread } from './discussions.repository';

/** Open discussions' event streams: the `thread:<threadId>` topics of the community's event hub. */
export type ThreadStreams = Topics<DiscussionEvent>;

export const createThreadStreams = (hub: EventHub): ThreadStreams =>
  hub.kind<DiscussionEvent>('thread', { schema: discussionEventSchema });

/** The discussion's own state, as every reader may know it. */
export const threadEvent = (thread: ThreadRow): DiscussionEvent => ({
  type: 'thread',
  threadId: thread.id,
  title: thread.title,
  replyCount: thread.reply_count,
  answered: thread.answer_post_id !== null,
  answerPostId: thread.answer_post_id,
  locked: thread.locked,
});

/** A post's public state: its text only while it is shown (readers see a removed post's place, not its words). */
export function postChangedEvent(row: PostRow): DiscussionEvent {
  const shown = row.status === 'visible';
  return {
    type: 'post-changed',
    threadId: row.thread_id,
    post: {
      _id: row.id,
      body: shown ? row.body_md : '',
      bodyHtml: shown ? row.body_html : '',
      editedAt: row.edited_at ? row.edited_at.toISOString() : null,
      upvotes: row.upvotes,
      status: row.status,
    },
  };
}

export type ThreadAnnouncer = ReturnType<typeof createThreadAnnouncer>;

/**
 * What writers call after their commit, so open discussions change without a reload. The state is read again
 * after the commit (what readers would read now); a failure is logged and never undoes the write, and the
 * request does not wait for it.
 */
export function createThreadAnnouncer({
  db,
  threadStreams,
  log,
}: Pick<Deps, 'db' | 'threadStreams'> & { log: Logger }) {
  const safely = (what: string, work: () => Promise<void>) => {
    void work().catch((error: Error) =>
      log.error({ err: error.message }, `community: thread event (${what}) failed`),
    );
  };
  return {
    /** A reply landed: readers read it through listReplies (their own view of it). */
    replied(thread: { _id: string; replyCount: number }, postId: string) {
      threadStreams.publish(thread._id, {
        type: 'reply',
        threadId: thread._id,
        postId,
        replyCount: thread.replyCount,
      });
    },
    /** The thread's state changed (answer, lock, title), and with it these posts (edit, vote, removal). */
    changed(threadId: string, postIds: string[] = []) {
      safely('changed', async () => {
        const [found, posts] = await Promise.all([
          findThread(db, threadId),
          findPostsOfThread(db, threadId, postIds),
        ]);
        if (!found) return;
        for (const post of posts) threadStreams.publish(threadId, postChangedEvent(post));
        threadStreams.publish(threadId, threadEvent(found.thread));
      });
    },
  };
}
