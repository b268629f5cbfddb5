import { memo, useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  REPORT_REASONS,
  REVIEW_LIMITS,
  REVIEW_SORTS,
  type MyReview,
  type ReportReason,
  type Review,
  type ReviewPage,
  type ReviewSort,
} from '@catalyst/contracts';
import {
  api,
  Button,
  formatDate,
  isApiRequestError,
  RatingStars,
  useNearView,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { playerStrings } from '../../i18n/en';
import styles from './ProductReviews.module.css';

const SORT_KEYS = {
  helpful: 'reviews.sortHelpful',
  newest: 'reviews.sortNewest',
  rating: 'reviews.sortRating',
} as const satisfies Record<ReviewSort, string>;

const REASON_KEYS = {
  spam: 'reviews.reasonSpam',
  abuse: 'reviews.reasonAbuse',
  'off-topic': 'reviews.reasonOffTopic',
  other: 'reviews.reasonOther',
} as const satisfies Record<ReportReason, string>;

const messageOf = (error: unknown, fallback: string) =>
  isApiRequestError(error) && error.status > 0 ? error.message : fallback;

/**
 * The product page's reviews: the rating, the list with its sort, helpful and report, and your own review.
 * Read once the section nears the viewport (below the lesson, it is no part of the page's first load).
 * Memoised: the product and course pages render again for each answer they get (the progress, the lesson),
 * the reviews only when the product changes.
 */
export const ProductReviews = memo(function ProductReviews({ productId }: { productId: string }) {
  const t = useStrings(playerStrings);
  const anchor = useRef<HTMLElement>(null);
  const near = useNearView(anchor);
  const { user } = useSession();
  const myId = user?._id ?? user?.id ?? null;
  const isAdmin = user?.role === 'admin';
  const [sort, setSort] = useState<ReviewSort>('helpful');
  const [page, setPage] = useState<ReviewPage | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [version, setVersion] = useState(0);
  const refresh = useCallback(() => setVersion((v) => v + 1), []);

  useEffect(() => {
    if (!near) return;
    const controller = new AbortController();
    api.review
      .list({ params: { idOrSlug: productId }, query: { sort } }, { signal: controller.signal })
      .then((answer) => {
        setPage(answer);
        setFailed(null);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setFailed(messageOf(error, playerStrings.t('reviews.loadFailed')));
      });
    return () => controller.abort();
  }, [near, productId, sort, version]);

  const more = async () => {
    if (!page?.nextCursor) return;
    try {
      const next = await api.review.list({
        params: { idOrSlug: productId },
        query: { sort, cursor: page.nextCursor },
      });
      setPage({ ...next, items: [...page.items, ...next.items] });
    } catch (error) {
      setFailed(messageOf(error, t('reviews.moreFailed')));
    }
  };

  return (
    <section ref={anchor} className={styles.section} aria-labelledby="reviews-title">
      <div className={styles.head}>
        <h2 id="reviews-title">{t('reviews.title')}</h2>
        {page ? <RatingStars average={page.rating.average} count={page.rating.count} /> : null}
      </div>
      {myId && near ? <MyReviewForm productId={productId} onChange={refresh} /> : null}
      {/* not an alert: the page's own errors are the alerts; reviews are beside the point of it */}
      {failed ? <p className={styles.empty}>{failed}</p> : null}
      {page && page.items.length > 0 ? (
        <>
          <label className={styles.sort}>
            {t('reviews.sort')}{' '}
            <select value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
              {REVIEW_SORTS.map((value) => (
                <option key={value} value={value}>
                  {t(SORT_KEYS[value])}
                </option>
              ))}
            </select>
          </label>
          <ul className={styles.list} aria-label={t('reviews.title')}>
            {page.items.map((review) => (
              <ReviewItem
                key={review._id}
                productId={productId}
                review={review}
                mine={review.author._id === myId}
                signedIn={!!myId}
                canReply={isAdmin}
              />
            ))}
          </ul>
          {page.nextCursor ? (
            <Button variant="secondary" size="sm" onClick={() => void more()}>
              {t('reviews.more')}
            </Button>
          ) : null}
        </>
      ) : page ? (
        <p className={styles.empty}>{t('reviews.none')}</p>
      ) : null}
    </section>
  );
});

function ReviewItem({
  productId,
  review,
  mine,
  signedIn,
  canReply,
}: {
  productId: string;
  review: Review;
  mine: boolean;
  signedIn: boolean;
  /** An admin answers under the review (the creator's account is an admin's). */
  canReply: boolean;
}) {
  const t = useStrings(playerStrings);
  const [shown, setShown] = useState(review);
  const [replying, setReplying] = useState(false);
  const [replyText, setReplyText] = useState(review.reply?.body ?? '');
  const [helpful, setHelpful] = useState({ count: review.helpfulCount, byMe: false });
  const [note, setNote] = useState<string | null>(null);
  const [reporting, setReporting] = useState(false);
  const [reason, setReason] = useState<ReportReason>('spam');
  const params = { idOrSlug: productId, reviewId: review._id };

  const markHelpful = async () => {
    try {
      const answer = await api.review.helpful({ params });
      setHelpful({ count: answer.helpfulCount, byMe: true });
    } catch (error) {
      setNote(messageOf(error, t('reviews.voteFailed')));
    }
  };
  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setShown(await api.review.reply({ params, body: { body: replyText } }));
      setReplying(false);
      setNote(t('reviews.replyPosted'));
    } catch (error) {
      setNote(messageOf(error, t('reviews.replyFailed')));
    }
  };
  const report = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.review.report({ params, body: { reason } });
      setReporting(false);
      setNote(t('reviews.reported'));
    } catch (error) {
      setNote(messageOf(error, t('reviews.reportFailed')));
    }
  };

  return (
    <li className={styles.review} data-testid="review">
      <div className={styles.reviewHead}>
        <span role="img" aria-label={t('reviews.stars', { rating: review.rating })} className={styles.stars}>
          {'★'.repeat(review.rating)}
          <span className={styles.unlit}>{'★'.repeat(5 - review.rating)}</span>
        </span>
        <strong>{review.author.name}</strong>
        <span className={styles.date}>{formatDate(review.createdAt)}</span>
      </div>
      {review.bodyHtml ? <SafeHtml html={review.bodyHtml} className={styles.body} /> : null}
      {shown.reply ? (
        <div
          className={styles.reply}
          aria-label={t('reviews.replyFrom', { name: shown.reply.by.name })}
          role="group"
        >
          <p className={styles.replyBy}>
            {t(shown.reply.by.isCreator ? 'reviews.replyFromCreator' : 'reviews.replyFrom', {
              name: shown.reply.by.name,
            })}
          </p>
          <SafeHtml html={shown.reply.bodyHtml} className={styles.body} />
        </div>
      ) : null}
      <div className={styles.actions}>
        <span>{t('reviews.helpfulCount', { count: helpful.count })}</span>
        {signedIn && !mine ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void markHelpful()}
              disabled={helpful.byMe}
              aria-pressed={helpful.byMe}
            >
              {t('reviews.helpful')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setReporting((open) => !open)}>
              {t('reviews.report')}
            </Button>
          </>
        ) : null}
        {canReply ? (
          <Button size="sm" variant="ghost" onClick={() => setReplying((open) => !open)}>
            {t(shown.reply ? 'reviews.editReply' : 'reviews.reply')}
          </Button>
        ) : null}
      </div>
      {replying ? (
        <form className={styles.reportForm} onSubmit={(event) => void sendReply(event)}>
          <label className={styles.textLabel}>
            {t('reviews.yourReply')}
            <textarea
              value={replyText}
              maxLength={REVIEW_LIMITS.bodyMax}
              rows={3}
              onChange={(event) => setReplyText(event.target.value)}
            />
          </label>
          <Button size="sm" type="submit" disabled={!replyText.trim()}>
            {t('reviews.postReply')}
          </Button>
        </form>
      ) : null}
      {reporting ? (
        <form className={styles.reportForm} onSubmit={(event) => void report(event)}>
          <label>
            {t('reviews.reportWhy')}{' '}
            <select value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {t(REASON_KEYS[value])}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" type="submit">
            {t('reviews.sendReport')}
          </Button>
        </form>
      ) : null}
      {note ? <p role="status">{note}</p> : null}
    </li>
  );
}

function MyReviewForm({ productId, onChange }: { productId: string; onChange: () => void }) {
  const t = useStrings(playerStrings);
  const [mine, setMine] = useState<MyReview | null>(null);
  const [rating, setRating] = useState(0);
  const [body, setBody] = useState('');
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const controller = new AbortController();
    api.review
      .mine({ params: { idOrSlug: productId } }, { signal: controller.signal })
      .then((answer) => {
        setMine(answer);
        setRating(answer.review?.rating ?? 0);
        setBody(answer.review?.body ?? '');
      })
      .catch(() => undefined);
    return () => controller.abort();
  }, [productId]);

  if (!mine) return null;
  if (!mine.eligibility.allowed && !mine.review)
    return (
      <p className={styles.notYet} data-testid="review-refusal">
        {mine.eligibility.message}
      </p>
    );

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setNote(t('reviews.chooseRating'));
      return;
    }
    setBusy(true);
    try {
      const review = await api.review.saveMine({ params: { idOrSlug: productId }, body: { rating, body } });
      setMine({ ...mine, review });
      setNote(t('reviews.saved'));
      onChange();
    } catch (error) {
      setNote(messageOf(error, t('reviews.saveFailed')));
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      await api.review.deleteMine({ params: { idOrSlug: productId } });
      setMine({ ...mine, review: null });
      setRating(0);
      setBody('');
      setNote(t('reviews.deleted'));
      onChange();
    } catch (error) {
      setNote(messageOf(error, t('reviews.deleteFailed')));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} aria-labelledby="my-review-title">
      <h3 id="my-review-title">{t(mine.review ? 'reviews.yours' : 'reviews.rate')}</h3>
      <fieldset className={styles.starsInput}>
        <legend>{t('reviews.yourRating')}</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            {t('reviews.starCount', { count: value })}
          </label>
        ))}
      </fieldset>
      <label className={styles.textLabel}>
        {t('reviews.body')}
        <textarea
          value={body}
          maxLength={REVIEW_LIMITS.bodyMax}
          rows={4}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={busy}>
          {t(mine.review ? 'reviews.update' : 'reviews.post')}
        </Button>
        {mine.review ? (
          <Button size="sm" variant="ghost" onClick={() => void remove()} disabled={busy}>
            {t('reviews.delete')}
          </Button>
        ) : null}
      </div>
      {note ? <p role="status">{note}</p> : null}
    </form>
  );
}
