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
  useStrings,
} from '@catalyst/web-kit';
import { consoleStrings } from '../../i18n/console/en';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import styles from '../../common/Admin.module.css';
import form from '../../common/Form.module.css';
import { CheckboxField, TextAreaField } from '../../common/FormControls';
import { StudioNav } from '../StudioNav';
import own from './StudioReviews.module.css';

/** One review with the creator's answer under it, or the form to write one (changed in place). */
function ReviewItem({ initial }: { initial: StudioReview }) {
  const t = useStrings(consoleStrings);
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
      setFailure(isApiRequestError(e) ? e.message : t('studio.unreachable'));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card
      as="article"
      aria-label={t('studio.reviews.label', { name: review.author.name, title: review.product.title })}
    >
      <p className={own.meta}>
        <Link to={coursePagePath(review.product.slug)}>{review.product.title}</Link> ·{' '}
        {formatDate(review.createdAt)}
      </p>
      <RatingStars average={review.rating} count={1} />
      <p>
        <strong>{review.author.name}</strong>
      </p>
      {review.body ? <SafeHtml html={review.bodyHtml} /> : <p>{t('studio.reviews.noWords')}</p>}
      {review.reply && !editing ? (
        <div className={own.answer}>
          <p>
            <strong>{t('studio.reviews.yourAnswer')}</strong>
          </p>
          <SafeHtml html={review.reply.bodyHtml} />
          <Button variant="ghost" size="sm" onClick={() => setEditing(true)}>
            {t('studio.reviews.change')}
          </Button>
        </div>
      ) : (
        <form className={`${form.form} ${own.answer}`} onSubmit={(event) => void answer(event)} noValidate>
          <TextAreaField
            label={t('studio.reviews.answerTo', { name: review.author.name })}
            value={draft}
            rows={3}
            maxLength={2000}
            error={failure ?? undefined}
            onChange={(event) => setDraft(event.target.value)}
          />
          <div className={form.buttons}>
            <Button type="submit" size="sm" loading={busy}>
              {t('studio.reviews.post')}
            </Button>
          </div>
        </form>
      )}
    </Card>
  );
}

/** /studio/reviews: the newest reviews of the creator's items, answered in place. */
export function StudioReviewsPage() {
  const t = useStrings(consoleStrings);
  useDocumentTitle(t('studio.nav.reviews'));
  const [unanswered, setUnanswered] = useState(false);
  const { data, error, reload } = useApiData(api.creatorProfile.reviews, {
    query: { unanswered: unanswered ? 'true' : 'false' },
  });
  return (
    <section className={styles.page}>
      <header className={styles.header}>
        <div>
          <h1 className={styles.title}>{t('studio.nav.reviews')}</h1>
          <p className={styles.subtitle}>{t('studio.reviews.subtitle')}</p>
        </div>
      </header>
      <StudioNav />
      <CheckboxField label={t('studio.reviews.unanswered')} checked={unanswered} onChange={setUnanswered} />
      {error ? (
        isApiRequestError(error) && error.status === 403 ? (
          <Alert tone="info">{error.message}</Alert>
        ) : (
          <ErrorScreen
            message={t('studio.reviews.failed')}
            onRetry={reload}
            retryLabel={t('revisions.tryAgain')}
          />
        )
      ) : !data ? (
        <Spinner message={t('studio.reviews.loading')} />
      ) : data.length === 0 ? (
        <p>{t(unanswered ? 'studio.reviews.allAnswered' : 'studio.reviews.empty')}</p>
      ) : (
        <ul className={own.list} aria-label={t('studio.nav.reviews')}>
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
