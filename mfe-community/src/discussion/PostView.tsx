import { useState } from 'react';
import { CheckCircle2, EyeOff, Flag, Pencil, ThumbsUp, Trash2 } from '@catalyst/web-kit/icons';
import { COMMUNITY_LIMITS, type Post, type Thread } from '@catalyst/contracts';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import {
  Alert,
  api,
  Badge,
  Button,
  formatDate,
  isAdmin,
  isApiRequestError,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { communityStrings } from '../i18n/en';
import { messageOf } from '../shared/errors';
import { useAction } from '../shared/useAction';
import { useNow } from '../shared/useNow';
import { EditForm, ModerationForm, ReportForm } from './forms';
import styles from './Discussion.module.css';

/** 'less than a minute' or '12 minutes': how long the author may still edit. */
export function editTimeLeft(editableUntil: string, now: number): string | null {
  const ms = Date.parse(editableUntil) - now;
  if (!(ms > 0)) return null;
  const minutes = Math.floor(ms / 60_000);
  return minutes < 1
    ? communityStrings.t('time.lessThanMinute')
    : communityStrings.t('time.minutes', { count: minutes });
}

interface PostViewProps {
  post: Post;
  thread: Thread;
  /** The discussion's title, when this post opens it (an edit may change it). */
  title?: string;
  onChange: (post: Post, title?: string) => void;
  announce: (text: string) => void;
  /** Mark (or unmark) as the answer: offered to the person who asked and to admins, on replies. */
  onToggleAnswer?: () => void;
  answerBusy?: boolean;
}

type Mode = 'view' | 'edit' | 'report' | 'delete' | 'hide';

/** One post: its author, its text as the server rendered and sanitised it, and what the reader may do with it. */
export function PostView({
  post,
  thread,
  title,
  onChange,
  announce,
  onToggleAnswer,
  answerBusy,
}: PostViewProps) {
  const t = useStrings(communityStrings);
  const [mode, setMode] = useState<Mode>('view');
  // an admin moderates any post where it is, not only those reported
  const moderator = isAdmin(useSession().user);
  const [reported, setReported] = useState(false);
  const { busy, failure, setFailure, run } = useAction();
  // the edit window's time left, to the minute (ticks only while it is open)
  const now = useNow(15_000, !!post.editableUntil);
  const timeLeft = post.editableUntil ? editTimeLeft(post.editableUntil, now) : null;
  const removed = post.status !== 'visible';
  const canAct = !removed && !thread.locked;

  const toggleVote = () =>
    run(async () => {
      const vote = await (post.upvotedByMe ? api.discussion.removeVote : api.discussion.upvote)({
        params: { postId: post._id },
      });
      onChange({ ...post, upvotes: vote.upvotes, upvotedByMe: vote.upvotedByMe }, title);
    });
  const remove = () =>
    run(async () => {
      onChange(await api.discussion.deletePost({ params: { postId: post._id } }), title);
      setMode('view');
      announce(t('post.deleted'));
    });

  if (removed) {
    return (
      <div className={[styles.post, styles.removed].join(' ')} data-testid="post" data-post-id={post._id}>
        <p className={styles.muted}>{t('post.removed')}</p>
      </div>
    );
  }

  return (
    <div
      className={[styles.post, post.isAnswer ? styles.answer : ''].filter(Boolean).join(' ')}
      data-testid="post"
      data-post-id={post._id}
    >
      <p className={styles.meta}>
        <span className={styles.author}>{post.author.name}</span>
        {post.author.isAdmin ? <Badge tone="info">{t('post.team')}</Badge> : null}
        {post.author.isCreator ? <Badge tone="primary">{t('common.creator')}</Badge> : null}
        <time dateTime={post.createdAt}>{formatDate(post.createdAt)}</time>
        {post.editedAt ? <span>{t('post.edited')}</span> : null}
        {post.isAnswer ? (
          <Badge tone="success">
            <CheckCircle2 size={12} aria-hidden="true" focusable="false" /> {t('post.answer')}
          </Badge>
        ) : null}
      </p>

      {mode === 'edit' ? (
        <EditForm
          post={post}
          title={post.isOpening ? title : undefined}
          onCancel={() => setMode('view')}
          onSaved={(saved, newTitle) => {
            onChange(saved, newTitle);
            setMode('view');
            announce(t('post.saved'));
          }}
        >
          {timeLeft ? (
            <p className={styles.hint}>{t('post.editFor', { time: timeLeft })}</p>
          ) : (
            <p className={styles.fieldError}>
              {t('post.editClosed', { minutes: COMMUNITY_LIMITS.editWindowMinutes })}
            </p>
          )}
        </EditForm>
      ) : (
        // bodyHtml is rendered and sanitised by the community service, and cleaned again here
        <SafeHtml source="ugc" className={styles.body} html={post.bodyHtml} />
      )}

      {mode === 'view' ? (
        <div className={styles.postActions}>
          <Button
            size="sm"
            variant={post.upvotedByMe ? 'primary' : 'secondary'}
            aria-pressed={post.upvotedByMe}
            // Nobody upvotes their own post (the server refuses it too): the count stays, the button rests.
            aria-label={
              post.mine ? t('post.upvotesMine', { n: post.upvotes }) : t('post.upvote', { n: post.upvotes })
            }
            title={post.mine ? t('post.ownVote') : undefined}
            onClick={() => void toggleVote()}
            disabled={busy || !canAct || post.mine}
          >
            <ThumbsUp size={14} aria-hidden="true" focusable="false" /> {post.upvotes}
          </Button>
          {onToggleAnswer && !post.isOpening ? (
            <Button size="sm" variant="ghost" onClick={onToggleAnswer} disabled={answerBusy}>
              <CheckCircle2 size={14} aria-hidden="true" focusable="false" />{' '}
              {post.isAnswer ? t('post.unmark') : t('post.mark')}
            </Button>
          ) : null}
          {post.mine && timeLeft && canAct ? (
            <Button size="sm" variant="ghost" onClick={() => setMode('edit')}>
              <Pencil size={14} aria-hidden="true" focusable="false" /> {t('post.edit')}{' '}
              <span className={styles.muted}>{t('post.timeLeft', { time: timeLeft })}</span>
            </Button>
          ) : null}
          {post.mine ? (
            <Button size="sm" variant="ghost" onClick={() => setMode('delete')}>
              <Trash2 size={14} aria-hidden="true" focusable="false" /> {t('post.delete')}
            </Button>
          ) : null}
          {moderator && !post.mine ? (
            <Button size="sm" variant="ghost" onClick={() => setMode('hide')}>
              <EyeOff size={14} aria-hidden="true" focusable="false" /> {t('post.hide')}
            </Button>
          ) : null}
          {!post.mine ? (
            reported ? (
              <span className={styles.muted}>{t('post.reported')}</span>
            ) : (
              <Button size="sm" variant="ghost" onClick={() => setMode('report')}>
                <Flag size={14} aria-hidden="true" focusable="false" /> {t('post.report')}
              </Button>
            )
          ) : null}
        </div>
      ) : null}

      {mode === 'delete' ? (
        <div className={styles.confirm} role="group" aria-label={t('post.deleteLabel')}>
          <p>{t('post.deleteConfirm', { removed: t('post.removed') })}</p>
          <Button
            size="sm"
            variant="danger"
            onClick={() => void remove()}
            loading={busy}
            autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- focus follows the person's Delete, which this replaced
          >
            {t('post.delete')}
          </Button>
          <Button size="sm" variant="ghost" onClick={() => setMode('view')} disabled={busy}>
            {t('common.cancel')}
          </Button>
        </div>
      ) : null}

      {mode === 'hide' ? (
        <ModerationForm
          label={t('post.hideLabel')}
          submitLabel={t('post.hideSubmit')}
          act={(reason) => api.moderation.hidePost({ params: { postId: post._id }, body: { reason } })}
          onDone={(hidden) => {
            onChange(hidden, title);
            setMode('view');
            announce(t('post.hidden'));
          }}
          onCancel={() => setMode('view')}
        />
      ) : null}

      {mode === 'report' ? (
        <ReportForm
          postId={post._id}
          onCancel={() => setMode('view')}
          onReported={() => {
            setReported(true);
            setMode('view');
            announce(t('post.thanks'));
          }}
          onRefused={(error) => {
            // reported before (in another visit): said, and not offered again
            if (isApiRequestError(error) && error.status === 409) {
              setReported(true);
              setMode('view');
              setFailure(error);
            }
          }}
        />
      ) : null}

      {failure ? <Alert tone="danger">{messageOf(failure)}</Alert> : null}
    </div>
  );
}
