import type { Post, Thread } from '@catalyst/contracts';

/**
 * What discussions tell the rest of the service (the notifications, ./notifications). Discussions call these
 * after their own transaction has committed; a failure is logged by the caller, never undoes the post.
 */
export interface CommunityEvents {
  /** Someone replied: the thread's followers are told (batched, at most one e-mail an hour each). */
  replyPosted(event: { thread: Thread; post: Post }): Promise<void>;
  /** Someone started or replied to a thread: they follow it from then on (idempotent). */
  followed(event: { userId: string; threadId: string }): Promise<void>;
}

/** Events nobody listens to (until the notifications are wired, and in tests that do not look at them). */
export const silentEvents: CommunityEvents = {
  replyPosted: async () => undefined,
  followed: async () => undefined,
};
