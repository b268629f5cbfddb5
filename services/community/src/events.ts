import type { Post, Thread } from '@catalyst/contracts';

/**
 * What discussions tell the notifications (./notifications) and ask of them. The announcements are made after
 * the discussion's own transaction has committed; a failure is logged by the caller and never undoes the post.
 */
export interface CommunityEvents {
  /** Someone replied: the thread's followers are told (batched, at most one e-mail an hour each). */
  replyPosted(event: { thread: Thread; post: Post }): Promise<void>;
  /** Someone started or replied to a thread: they follow it from then on (idempotent). */
  followed(event: { userId: string; threadId: string }): Promise<void>;
  /** Which of these threads the user follows (a thread's `following`). */
  followingAmong(userId: string, threadIds: string[]): Promise<Set<string>>;
}
