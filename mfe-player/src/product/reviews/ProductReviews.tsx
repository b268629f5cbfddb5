import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import {
  REPORT_REASON_LABELS,
  REPORT_REASONS,
  REVIEW_LIMITS,
  REVIEW_SORT_LABELS,
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
} from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import styles from './ProductReviews.module.css';

const messageOf = (error: unknown, fallback: string) =>
  isApiRequestError(error) && error.status > 0 ? error.message : fallback;

/**
 * The product page's reviews: the rating, the list with its sort, helpful and report, and your own review.
 * Read once the section nears the viewport (below the lesson, it is no part of the page's first load).
 */
export function ProductReviews({ productId }: { productId: string }) {
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
        if (!controller.signal.aborted) setFailed(messageOf(error, 'Reviews could not be loaded.'));
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
      setFailed(messageOf(error, 'More reviews could not be loaded.'));
    }
  };

  return (
    <section ref={anchor} className={styles.section} aria-labelledby="reviews-title">
      <div className={styles.head}>
        <h2 id="reviews-title">Reviews</h2>
        {page ? <RatingStars average={page.rating.average} count={page.rating.count} /> : null}
      </div>
      {myId && near ? <MyReviewForm productId={productId} onChange={refresh} /> : null}
      {/* not an alert: the page's own errors are the alerts; reviews are beside the point of it */}
      {failed ? <p className={styles.empty}>{failed}</p> : null}
      {page && page.items.length > 0 ? (
        <>
          <label className={styles.sort}>
            Sort reviews{' '}
            <select value={sort} onChange={(event) => setSort(event.target.value as ReviewSort)}>
              {REVIEW_SORTS.map((value) => (
                <option key={value} value={value}>
                  {REVIEW_SORT_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <ul className={styles.list} aria-label="Reviews">
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
              Show more reviews
            </Button>
          ) : null}
        </>
      ) : page ? (
        <p className={styles.empty}>No reviews yet.</p>
      ) : null}
    </section>
  );
}

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
      setNote(messageOf(error, 'Your vote could not be saved.'));
    }
  };
  const sendReply = async (event: FormEvent) => {
    event.preventDefault();
    try {
      setShown(await api.review.reply({ params, body: { body: replyText } }));
      setReplying(false);
      setNote('Your reply was posted');
    } catch (error) {
      setNote(messageOf(error, 'Your reply could not be posted.'));
    }
  };
  const report = async (event: FormEvent) => {
    event.preventDefault();
    try {
      await api.review.report({ params, body: { reason } });
      setReporting(false);
      setNote('Thank you. The moderators will look at this review.');
    } catch (error) {
      setNote(messageOf(error, 'Your report could not be sent.'));
    }
  };

  return (
    <li className={styles.review} data-testid="review">
      <div className={styles.reviewHead}>
        <span role="img" aria-label={`${review.rating} out of 5 stars`} className={styles.stars}>
          {'★'.repeat(review.rating)}
          <span className={styles.unlit}>{'★'.repeat(5 - review.rating)}</span>
        </span>
        <strong>{review.author.name}</strong>
        <span className={styles.date}>{formatDate(review.createdAt)}</span>
      </div>
      {review.bodyHtml ? <SafeHtml html={review.bodyHtml} className={styles.body} /> : null}
      {shown.reply ? (
        <div className={styles.reply} aria-label={`Reply from ${shown.reply.by.name}`} role="group">
          <p className={styles.replyBy}>
            Reply from {shown.reply.by.name}
            {shown.reply.by.isCreator ? ' (creator)' : ''}
          </p>
          <SafeHtml html={shown.reply.bodyHtml} className={styles.body} />
        </div>
      ) : null}
      <div className={styles.actions}>
        <span>
          {helpful.count} {helpful.count === 1 ? 'person' : 'people'} found this helpful
        </span>
        {signedIn && !mine ? (
          <>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => void markHelpful()}
              disabled={helpful.byMe}
              aria-pressed={helpful.byMe}
            >
              Helpful
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setReporting((open) => !open)}>
              Report
            </Button>
          </>
        ) : null}
        {canReply ? (
          <Button size="sm" variant="ghost" onClick={() => setReplying((open) => !open)}>
            {shown.reply ? 'Edit reply' : 'Reply'}
          </Button>
        ) : null}
      </div>
      {replying ? (
        <form className={styles.reportForm} onSubmit={(event) => void sendReply(event)}>
          <label className={styles.textLabel}>
            Your reply (Markdown)
            <textarea
              value={replyText}
              maxLength={REVIEW_LIMITS.bodyMax}
              rows={3}
              onChange={(event) => setReplyText(event.target.value)}
            />
          </label>
          <Button size="sm" type="submit" disabled={!replyText.trim()}>
            Post reply
          </Button>
        </form>
      ) : null}
      {reporting ? (
        <form className={styles.reportForm} onSubmit={(event) => void report(event)}>
          <label>
            Why are you reporting this review?{' '}
            <select value={reason} onChange={(event) => setReason(event.target.value as ReportReason)}>
              {REPORT_REASONS.map((value) => (
                <option key={value} value={value}>
                  {REPORT_REASON_LABELS[value]}
                </option>
              ))}
            </select>
          </label>
          <Button size="sm" type="submit">
            Send report
          </Button>
        </form>
      ) : null}
      {note ? <p role="status">{note}</p> : null}
    </li>
  );
}

function MyReviewForm({ productId, onChange }: { productId: string; onChange: () => void }) {
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
      setNote('Choose a rating from 1 to 5 stars');
      return;
    }
    setBusy(true);
    try {
      const review = await api.review.saveMine({ params: { idOrSlug: productId }, body: { rating, body } });
      setMine({ ...mine, review });
      setNote('Your review was saved');
      onChange();
    } catch (error) {
      setNote(messageOf(error, 'Your review could not be saved.'));
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
      setNote('Your review was deleted');
      onChange();
    } catch (error) {
      setNote(messageOf(error, 'Your review could not be deleted.'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void save(event)} aria-labelledby="my-review-title">
      <h3 id="my-review-title">{mine.review ? 'Your review' : 'Rate this product'}</h3>
      <fieldset className={styles.starsInput}>
        <legend>Your rating</legend>
        {[1, 2, 3, 4, 5].map((value) => (
          <label key={value}>
            <input
              type="radio"
              name="rating"
              value={value}
              checked={rating === value}
              onChange={() => setRating(value)}
            />
            {value} {value === 1 ? 'star' : 'stars'}
          </label>
        ))}
      </fieldset>
      <label className={styles.textLabel}>
        Your review (optional, Markdown)
        <textarea
          value={body}
          maxLength={REVIEW_LIMITS.bodyMax}
          rows={4}
          onChange={(event) => setBody(event.target.value)}
        />
      </label>
      <div className={styles.actions}>
        <Button type="submit" size="sm" disabled={busy}>
          {mine.review ? 'Update review' : 'Post review'}
        </Button>
        {mine.review ? (
          <Button size="sm" variant="ghost" onClick={() => void remove()} disabled={busy}>
            Delete review
          </Button>
        ) : null}
      </div>
      {note ? <p role="status">{note}</p> : null}
    </form>
  );
}
