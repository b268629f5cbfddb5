import { useEffect, useRef, useState } from 'react';
import { ArrowLeft, Bell, BellOff, CheckCircle2, Lock, LockOpen } from '@catalyst/web-kit/icons';
import type { DiscussionEvent, Post, Thread } from '@catalyst/contracts';
import { Alert, api, Badge, Button, isAdmin, Spinner, useSession, useStrings } from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { messageOf } from '../shared/errors';
import { useAction } from '../shared/useAction';
import { ModerationForm, ReplyForm } from './forms';
import { PostView } from './PostView';
import { useCursorPages } from './useCursorPages';
import { useThreadEvents } from './useThreadEvents';
import styles from './Discussion.module.css';

interface ThreadViewProps {
  /** The discussion as the list knew it (read again on opening). */
  initial: Thread;
  onClose: (thread: Thread) => void;
  announce: (text: string) => void;
}

/** "1 new reply", "3 new replies". */
export const newRepliesText = (count: number) => communityStrings.t('thread.newReplies', { count });

type PostChange = Extract<DiscussionEvent, { type: 'post-changed' }>['post'];

/** A post with its new public state (the reader's own vote stays; a removed post can no longer be edited). */
const withChange = (post: Post, change: PostChange): Post =>
  post._id === change._id
    ? { ...post, ...change, editableUntil: change.status === 'visible' ? post.editableUntil : null }
    : post;

/**
 * One discussion: its opening post, its replies (keyset pages), following it, replying, and marking the answer.
 * While it is open, the discussion's event stream keeps it current: new replies appear (read through the API,
 * as this reader sees them) and are announced, and edits, votes, removals, the answer and the lock show.
 */
export function ThreadView({ initial, onClose, announce }: ThreadViewProps) {
  const t = useStrings(communityStrings);
  const { user } = useSession();
  const [thread, setThread] = useState(initial);
  const { busy, failure, setFailure, run } = useAction();
  const [locking, setLocking] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const replies = useCursorPages<Post>(initial._id, (cursor, signal) =>
    api.discussion.listReplies(
      { params: { threadId: initial._id }, query: cursor ? { cursor } : {} },
      { signal },
    ),
  );

  // opened: the focus moves to its title, and the discussion is read afresh
  useEffect(() => {
    headingRef.current?.focus();
    const controller = new AbortController();
    api.discussion
      .getThread({ params: { threadId: initial._id } }, { signal: controller.signal })
      .then(setThread)
      .catch((error: unknown) => !controller.signal.aborted && setFailure(error));
    return () => controller.abort();
  }, [initial._id, setFailure]);

  const readAgain = () =>
    api.discussion
      .getThread({ params: { threadId: initial._id } })
      .then(setThread)
      .catch(() => undefined);
  /** New replies (not this reader's own) are read and announced; past unread pages, only counted. */
  const showNewReplies = async () => {
    const added = (await replies.refreshTail().catch(() => [])).filter((post) => !post.mine);
    if (added.length > 0) announce(newRepliesText(added.length));
  };

  /** Replies already in the count (the stream's event and this reader's own POST answer may come in either order). */
  const counted = useRef(new Set<string>());

  useThreadEvents(initial._id, {
    onEvent: (event) => {
      if (event.type === 'reply') {
        counted.current.add(event.postId);
        setThread((previous) => ({
          ...previous,
          replyCount: Math.max(previous.replyCount, event.replyCount),
        }));
        if (replies.has(event.postId)) return;
        if (replies.nextCursor) announce(newRepliesText(1));
        else void showNewReplies();
      } else if (event.type === 'post-changed') {
        setThread((previous) => ({ ...previous, opening: withChange(previous.opening, event.post) }));
        replies.map((post) => withChange(post, event.post));
      } else {
        const { type: _type, threadId: _threadId, ...state } = event;
        setThread((previous) => ({ ...previous, ...state }));
        replies.map((post) =>
          post.isAnswer === (post._id === state.answerPostId)
            ? post
            : { ...post, isAnswer: post._id === state.answerPostId },
        );
      }
    },
    onOpen: () => {
      void readAgain();
      void showNewReplies();
    },
  });

  const mayMarkAnswer = (thread.opening.mine || isAdmin(user)) && !thread.locked;
  const unlock = () =>
    run(async () => {
      setThread(await api.moderation.unlockThread({ params: { threadId: thread._id } }));
      announce(t('thread.reopened'));
    });

  const toggleFollow = () =>
    run(async () => {
      const result = await (thread.following ? api.follow.unfollow : api.follow.follow)({
        params: { threadId: thread._id },
      });
      setThread((previous) => ({ ...previous, following: result.following }));
      announce(result.following ? t('thread.following') : t('thread.unfollowed'));
    });
  const toggleAnswer = (post: Post) =>
    run(async () => {
      const next = await (post.isAnswer ? api.discussion.unmarkAnswer : api.discussion.markAnswer)({
        params: { postId: post._id },
      });
      setThread(next);
      replies.map((reply) => ({ ...reply, isAnswer: reply._id === next.answerPostId }));
      announce(next.answerPostId ? t('thread.marked') : t('thread.unmarked'));
    });
  const replied = (post: Post) => {
    // the stream may have brought it first (then it is counted already)
    const known = counted.current.has(post._id);
    counted.current.add(post._id);
    replies.add(post, 'last');
    // replying follows the discussion (the server says so)
    setThread((previous) => ({
      ...previous,
      replyCount: previous.replyCount + (known ? 0 : 1),
      following: true,
    }));
    announce(t('thread.replied'));
  };
  const openingChanged = (post: Post, title?: string) =>
    setThread((previous) => ({ ...previous, opening: post, ...(title ? { title } : {}) }));

  return (
    <article className={styles.thread} aria-labelledby="thread-title" data-testid="thread-view">
      <Button variant="ghost" size="sm" onClick={() => onClose(thread)}>
        <ArrowLeft size={16} aria-hidden="true" focusable="false" /> {t('thread.back')}
      </Button>
      <header className={styles.threadHead}>
        <h3 id="thread-title" ref={headingRef} tabIndex={-1} className={styles.threadTitle}>
          {thread.title}
        </h3>
        {thread.answered ? (
          <Badge tone="success">
            <CheckCircle2 size={12} aria-hidden="true" focusable="false" /> {t('common.answered')}
          </Badge>
        ) : null}
        <Button
          size="sm"
          variant="secondary"
          onClick={() => void toggleFollow()}
          disabled={busy}
          aria-pressed={thread.following}
        >
          {thread.following ? (
            <BellOff size={14} aria-hidden="true" focusable="false" />
          ) : (
            <Bell size={14} aria-hidden="true" focusable="false" />
          )}
          {thread.following ? t('thread.unfollow') : t('thread.follow')}
        </Button>
        {isAdmin(user) ? (
          thread.locked ? (
            <Button size="sm" variant="ghost" onClick={() => void unlock()} disabled={busy}>
              <LockOpen size={14} aria-hidden="true" focusable="false" /> {t('thread.unlock')}
            </Button>
          ) : (
            <Button size="sm" variant="ghost" onClick={() => setLocking(true)} disabled={locking}>
              <Lock size={14} aria-hidden="true" focusable="false" /> {t('thread.lock')}
            </Button>
          )
        ) : null}
      </header>
      {locking && !thread.locked ? (
        <ModerationForm
          label={t('thread.lockLabel')}
          submitLabel={t('thread.lockSubmit')}
          act={(reason) => api.moderation.lockThread({ params: { threadId: thread._id }, body: { reason } })}
          onDone={(locked) => {
            setThread(locked);
            setLocking(false);
            announce(t('thread.lockedNow'));
          }}
          onCancel={() => setLocking(false)}
        />
      ) : null}
      {thread.locked ? <Alert tone="info">{t('thread.locked')}</Alert> : null}
      {failure ? <Alert tone="danger">{messageOf(failure)}</Alert> : null}

      <PostView
        post={thread.opening}
        thread={thread}
        title={thread.title}
        onChange={openingChanged}
        announce={announce}
      />

      <section aria-labelledby="replies-title" className={styles.replies}>
        <h4 id="replies-title" className={styles.repliesTitle}>
          {t('common.replies', { count: thread.replyCount })}
        </h4>
        {replies.loading ? (
          <Spinner message={t('thread.loadingReplies')} />
        ) : replies.error ? (
          <Alert tone="danger">
            {messageOf(replies.error)}{' '}
            <Button size="sm" variant="secondary" onClick={replies.reload}>
              {t('common.tryAgain')}
            </Button>
          </Alert>
        ) : (
          <>
            {replies.items.length === 0 ? <p className={styles.muted}>{t('thread.noReplies')}</p> : null}
            <ol className={styles.posts}>
              {replies.items.map((reply) => (
                <li key={reply._id}>
                  <PostView
                    post={reply}
                    thread={thread}
                    onChange={replies.replace}
                    announce={announce}
                    onToggleAnswer={mayMarkAnswer ? () => void toggleAnswer(reply) : undefined}
                    answerBusy={busy}
                  />
                </li>
              ))}
            </ol>
            {replies.moreError ? <Alert tone="danger">{messageOf(replies.moreError)}</Alert> : null}
            {replies.nextCursor ? (
              <Button
                variant="secondary"
                size="sm"
                loading={replies.loadingMore}
                onClick={() => {
                  replies.loadMore();
                  announce(t('thread.loadingMore'));
                }}
              >
                {t('thread.moreReplies')}
              </Button>
            ) : null}
          </>
        )}
      </section>

      {thread.locked ? null : <ReplyForm threadId={thread._id} onPosted={replied} />}
    </article>
  );
}
