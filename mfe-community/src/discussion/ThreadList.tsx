import { useEffect, useId, useRef, useState } from 'react';
import { CheckCircle2, Lock, MessageSquare, ThumbsUp } from '@catalyst/web-kit/icons';
import type { DiscussionTarget, Thread, ThreadSort } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  formatDate,
  isApiRequestError,
  Spinner,
  useStrings,
} from '@catalyst/web-kit';
import { communityStrings, type CommunityKey } from '../i18n/en';
import { messageOf } from '../shared/errors';
import { AskForm } from './forms';
import { useCursorPages } from './useCursorPages';
import styles from './Discussion.module.css';

const SORT_LABELS: Record<ThreadSort, CommunityKey> = {
  newest: 'sort.newest',
  top: 'sort.top',
  unanswered: 'sort.unanswered',
};

interface ThreadListProps {
  target: DiscussionTarget;
  /** The discussion just closed: its entry takes the focus back. */
  returnTo: string | null;
  onOpen: (thread: Thread) => void;
  /** A question of the caller's was just posted. */
  onAsked: () => void;
  announce: (text: string) => void;
}

export function ThreadList({ target, returnTo, onOpen, onAsked, announce }: ThreadListProps) {
  const t = useStrings(communityStrings);
  const id = useId();
  const [sort, setSort] = useState<ThreadSort>('newest');
  const [asking, setAsking] = useState(false);
  const toolbar = useRef<HTMLDivElement>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const key = `${target.productId}/${target.lessonId ?? ''}/${sort}`;
  const pages = useCursorPages<Thread>(key, (cursor, signal) =>
    api.discussion.listThreads(
      {
        query: {
          productId: target.productId,
          ...(target.lessonId ? { lessonId: target.lessonId } : {}),
          sort,
          ...(cursor ? { cursor } : {}),
        },
      },
      { signal },
    ),
  );

  // back from a discussion: the focus returns to its entry
  const focused = useRef(false);
  useEffect(() => {
    if (focused.current || !returnTo || pages.loading) return;
    focused.current = true;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-thread-id="${returnTo}"]`)?.focus();
  }, [returnTo, pages.loading]);

  const closeAsk = () => {
    setAsking(false);
    // the focus goes back to what opened the form (once it is shown again)
    requestAnimationFrame(() => toolbar.current?.querySelector<HTMLButtonElement>('[data-ask]')?.focus());
  };
  const asked = (thread: Thread) => {
    setAsking(false);
    announce(t('threads.posted'));
    onAsked();
    onOpen(thread);
  };

  // a refusal (no access to this content) is final: no Retry
  const final = isApiRequestError(pages.error) && pages.error.status >= 400 && pages.error.status < 500;

  return (
    <div className={styles.list}>
      <div className={styles.toolbar} ref={toolbar}>
        <label htmlFor={`${id}-sort`} className={styles.sortLabel}>
          {t('common.sortBy')}
        </label>
        <select
          id={`${id}-sort`}
          className={styles.select}
          value={sort}
          onChange={(event) => setSort(event.target.value as ThreadSort)}
        >
          {Object.entries(SORT_LABELS).map(([value, label]) => (
            <option key={value} value={value}>
              {t(label)}
            </option>
          ))}
        </select>
        {!asking ? (
          <Button data-ask size="sm" onClick={() => setAsking(true)} disabled={final}>
            {t('threads.ask')}
          </Button>
        ) : null}
      </div>

      {asking ? <AskForm target={target} onPosted={asked} onCancel={closeAsk} /> : null}

      {pages.loading ? (
        <Spinner message={t('common.loadingQuestions')} />
      ) : pages.error ? (
        <Alert tone="danger">
          {messageOf(pages.error)}{' '}
          {final ? null : (
            <Button size="sm" variant="secondary" onClick={pages.reload}>
              {t('common.tryAgain')}
            </Button>
          )}
        </Alert>
      ) : pages.items.length === 0 ? (
        <p className={styles.empty}>{sort === 'unanswered' ? t('threads.allAnswered') : t('threads.none')}</p>
      ) : (
        <>
          <p className={styles.muted}>{t('threads.count', { count: pages.total })}</p>
          <ol className={styles.threads} ref={listRef} data-testid="thread-list">
            {pages.items.map((thread) => (
              <li key={thread._id} className={styles.threadItem}>
                <button
                  type="button"
                  className={styles.threadLink}
                  data-thread-id={thread._id}
                  onClick={() => onOpen(thread)}
                >
                  {thread.title}
                </button>
                <p className={styles.meta}>
                  <span>
                    {thread.opening.author.name}{' '}
                    {thread.opening.author.isCreator ? (
                      <Badge tone="primary">{t('common.creator')}</Badge>
                    ) : null}{' '}
                    · <time dateTime={thread.createdAt}>{formatDate(thread.createdAt)}</time>
                  </span>
                  <span>
                    <MessageSquare size={14} aria-hidden="true" focusable="false" />{' '}
                    {t('common.replies', { count: thread.replyCount })}
                  </span>
                  <span>
                    <ThumbsUp size={14} aria-hidden="true" focusable="false" />{' '}
                    {t('threads.upvotes', { count: thread.opening.upvotes })}
                  </span>
                  {thread.answered ? (
                    <Badge tone="success">
                      <CheckCircle2 size={12} aria-hidden="true" focusable="false" /> {t('common.answered')}
                    </Badge>
                  ) : null}
                  {thread.locked ? (
                    <Badge>
                      <Lock size={12} aria-hidden="true" focusable="false" /> {t('threads.locked')}
                    </Badge>
                  ) : null}
                </p>
              </li>
            ))}
          </ol>
          {pages.moreError ? <Alert tone="danger">{messageOf(pages.moreError)}</Alert> : null}
          {pages.nextCursor ? (
            <Button variant="secondary" size="sm" onClick={pages.loadMore} loading={pages.loadingMore}>
              {t('threads.more')}
            </Button>
          ) : null}
        </>
      )}
    </div>
  );
}
