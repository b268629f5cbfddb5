import { lessonPagePath, productPagePath, type Post, type Thread } from '@catalyst/contracts';
import type { NewNotification } from './inbox.repository';
import { excerpt } from './notification-mail';

/** The page of a thread's product or lesson, inside the app. */
export const threadPagePath = (thread: { productId: string; lessonId: string | null }) =>
  thread.lessonId ? lessonPagePath(thread.productId, thread.lessonId) : productPagePath(thread.productId);

/** A reply, to each follower of its thread but its writer. */
export const replyNotifications = (
  followers: string[],
  thread: Pick<Thread, 'productId' | 'lessonId' | 'title'>,
  post: Pick<Post, '_id' | 'author' | 'body'>,
): NewNotification[] =>
  followers
    .filter((userId) => userId !== post.author._id)
    .map((userId) => ({
      userId,
      type: 'reply',
      key: `reply:${post._id}`,
      words: { wording: 'reply', values: { author: post.author.name, thread: thread.title } },
      body: excerpt(post.body, 140),
      link: threadPagePath(thread),
    }));

/** An answer marked: the asker and the answer's writer hear of it, unless they marked it themselves. */
export function answerNotifications(
  markedBy: string,
  thread: { id: string; authorId: string; title: string; productId: string; lessonId: string | null },
  answer: { id: string; authorId: string; authorName: string },
): NewNotification[] {
  const link = threadPagePath(thread);
  const items: NewNotification[] = [];
  if (thread.authorId !== markedBy && thread.authorId !== answer.authorId)
    items.push({
      userId: thread.authorId,
      type: 'answer',
      key: `answer:${answer.id}`,
      words: { wording: 'answer-to-asker', values: { thread: thread.title, author: answer.authorName } },
      link,
    });
  if (answer.authorId !== markedBy)
    items.push({
      userId: answer.authorId,
      type: 'answer',
      key: `answer:${answer.id}`,
      words: { wording: 'answer-to-writer', values: { thread: thread.title } },
      link,
    });
  return items;
}
