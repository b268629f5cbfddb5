import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import type { StudioReview } from '@catalyst/contracts';
import {
  Alert,
  api,
  Button,
  Card,
  coursePagePath,
  ErrorScreen,
  formatDate,
  isApiRequestError,
  RatingStars,
  Spinner,
  useApiData,
  useDocumentTitle,
} from '@catalyst/web-kit';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import styles from '../../common/Admin.module.css';
import form from '../../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../../common/FormControls';
import { StudioNav } from '../StudioNav';
import own from './StudioReviews.module.css';

/** One review with the creator's answer under it, or the form to write one (changed in place). */
function ReviewItem({ initial }: { initial: StudioReview }) {
  const [review, setReview] = useState(initial);
  const [draft, setDraft] = useState(initial.reply?.body ?? '');
  const [editing, setEditing] = useState(initial.reply === null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  async function answer(event: FormEvent) {
    event.preventDefault();
    setBusy(true);
    setFailure(null);
    try {
      const saved = await api.review.reply({
        params: { idOrSlug: review.product._id, reviewId: review._id },
        body: { body: draft },
      });
      setReview({ ...review, reply: saved.reply });
      setEditing(false);
    } catch (e) {
      setFailure(isApiRequestError(e) ? e.message : 'Could not reach the server. Try again.');
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card as="article" aria-label={`${review.author.name} on ${review.product.title}`}>
      <p className={own.meta}>
        <Link to={coursePagePath(review.product.slug)}>{review.product.title}</Link> ·{' '}
        {formatDate(review.createdAt)}
      </p>
      <RatingStars average={review.rating} count={1} />
      <p>
        <strong>{review.author.name}</strong>
      </p>
      {review.body ? <SafeHtml html={review.bodyHtml} /> : <p>(A rating without words.)</p>}
      {review.reply && !editing ? (
        <div className={own.answer}>
          <p>
            <strong>Your answer</strong>
          </p>
          <SafeHtml html={review.reply.bodyHtml} />
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            Change your answer
          </Button>
        </div>
      ) : (
        <form className={`${form.form} ${own.answer}`} onSubmit={(event) => void answer(event)} noValidate>
          <TextAreaField
            label={`Your answer to ${review.author.name}`}
            value={draft}
            rows={3}
            maxLength={2000}
            error={failure ?? undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className={form.buttons}>
            <Button type="submit" size="sm" loading={busy}>
              Post answer
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** /studio/reviews: the newest reviews of the creator's items, answered in place. */
export function StudioReviewsPage() {
  useDocumentTitle('Reviews');
  const [unanswered, setUnanswered] = useState(false);
  const { data, error, reload } = useApiData(api.creatorProfile.reviews, {
    query: { unanswered: unanswered ? 'true' : 'false' },
  });
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>Reviews</h1>
          <p className={styles.subtitle}>
            What learners say about your items; your answer shows under theirs.
          </p>
        </div>
      </header>
      <StudioNav />
      <CheckboxField label="Only reviews without an answer" checked={unanswered} onChange={setUnanswered} />
      {error ? (
        isApiRequestError(error) && error.status === 403 ? (
          <Alert tone="info">{error.message}</Alert>
        ) : (
          <ErrorScreen message="Failed to load the reviews" onRetry={reload} retryLabel="Try Again" />
        )
      ) : !data ? (
        <Spinner message="Loading the reviews..." />
      ) : data.length === 0 ? (
        <p>{unanswered ? 'Every review has your answer.' : 'No reviews yet.'}</p>
      ) : (
        <ul className={own.list} aria-label="Reviews">
          {data.map((review) => (
            <li key={review._id}>
              <ReviewItem initial={review} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
