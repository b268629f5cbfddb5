import { useEffect, useRef } from 'react';
import { Link, Route, Routes, useNavigate, useParams } from 'react-router-dom';
import type { PublicProduct } from '@catalyst/contracts';
import {
  Alert,
  api,
  Badge,
  Button,
  buttonClassName,
  categoryPath,
  coursePagePath,
  creatorPagePath,
  isApiRequestError,
  NotFound,
  openAuthDialog,
  productPath,
  RatingStars,
  Spinner,
  type SessionStore,
  Thumbnail,
  type SubscriptionStore,
  useApiData,
  useDocumentTitle,
  useLoadingShown,
  useSession,
  useStrings,
  useSubscription,
  withParts,
} from '@catalyst/web-kit';
import { catalogStrings } from '../i18n/en';
import { FIRST_REVIEWS, RELATED } from '../shell-routes';
import styles from './CourseLandingPage.module.css';

/** The viewer's session and subscription (the page's own stores unless a test gives others). */
export interface CourseStores {
  session?: SessionStore;
  subscription?: SubscriptionStore;
}

/** The hero's `sizes`: the page's width on a phone, at most 40rem (gateway/src/course-pages.ts serves the same). */
const HERO_SIZES = '(min-width: 45rem) 40rem, 100vw';

const length = (seconds: number | null | undefined) =>
  seconds == null
    ? ''
    : seconds < 60
      ? catalogStrings.t('course.seconds', { n: seconds })
      : catalogStrings.t('course.minutes', { n: Math.round(seconds / 60) });

/**
 * The call to action that fits the viewer: Sign up, Subscribe (premium, no subscription), or Continue. A
 * visitor who signs up (or signs in) from here is taken into the course at its product address, where the
 * player opens the first lesson the new member may open.
 */
function CallToAction({ product, stores }: { product: PublicProduct; stores: CourseStores }) {
  const t = useStrings(catalogStrings);
  const { isAuthenticated } = useSession(stores.session);
  const { hasSubscription } = useSubscription(stores.subscription);
  const navigate = useNavigate();
  const signingUp = useRef(false);
  useEffect(() => {
    if (isAuthenticated && signingUp.current) navigate(productPath(product));
  }, [isAuthenticated, navigate, product]);
  if (!isAuthenticated)
    return (
      <Button
        onClick={() => {
          signingUp.current = true;
          openAuthDialog('register');
        }}
      >
        {t('course.signUp')}
      </Button>
    );
  if (product.price !== 0 && !hasSubscription)
    return (
      <Link className={buttonClassName()} to="/subscription">
        {t('course.subscribe')}
      </Link>
    );
  return (
    <Link className={buttonClassName()} to={productPath(product)}>
      {t('course.continue')}
    </Link>
  );
}

function CourseLanding({ slug, stores }: { slug: string; stores: CourseStores }) {
  const t = useStrings(catalogStrings);
  const read = useApiData(api.product.get, { params: { idOrSlug: slug } });
  const product = read.data;
  const byId = product ? { params: { idOrSlug: product._id } } : null;
  const outline = useApiData(api.curriculum.outline, byId);
  const reviews = useApiData(
    api.review.list,
    byId && { ...byId, query: { sort: 'helpful' as const, limit: FIRST_REVIEWS } },
  );
  const related = useApiData(
    api.product.list,
    product ? { query: { category: product.category.slug, limit: RELATED + 1 } } : null,
  );
  useDocumentTitle(product?.title ?? t('course.title'));
  // The served page stays on screen until the app's shows all it showed (its curriculum, reviews and related
  // courses too), so no section the server painted vanishes for a moment while its read is on its way.
  useLoadingShown(outline.isLoading || reviews.isLoading || related.isLoading);

  if (isApiRequestError(read.error) && read.error.status === 404) return <NotFound />;
  if (read.error) return <Alert tone="danger">{read.error.message}</Alert>;
  if (!product) return <Spinner message={t('common.loading')} />;
  const sections = outline.data?.sections ?? [];
  const others = (related.data?.items ?? []).filter((other) => other._id !== product._id).slice(0, RELATED);
  return (
    <div className={styles.page}>
      <article>
        {product.thumbnail ? (
          // the page's largest paint, in the box the gateway's HTML painted it in (course-pages.ts)
          <Thumbnail
            className={styles.hero}
            src={product.thumbnail}
            sizes={HERO_SIZES}
            width={640}
            height={360}
            alt=""
            fetchPriority="high"
          />
        ) : null}
        <h1>{product.title}</h1>
        <p className={styles.meta}>
          {withParts(t('course.byIn'), {
            creator: <Link to={creatorPagePath(product.creator.slug)}>{product.creator.name}</Link>,
            category: <Link to={categoryPath(product.category.slug)}>{product.category.name}</Link>,
          })}
        </p>
        <RatingStars average={product.ratingAverage ?? null} count={product.ratingCount ?? 0} />
        <div className={styles.cta}>
          <CallToAction product={product} stores={stores} />
        </div>
        <section aria-labelledby="learn">
          <h2 id="learn">{t('course.learn')}</h2>
          <p>{product.description}</p>
        </section>
        {sections.length ? (
          <section aria-labelledby="curriculum">
            <h2 id="curriculum">{t('course.curriculum')}</h2>
            <p className={styles.meta}>
              {t('course.outline', {
                count: outline.data!.lessonCount,
                length: length(outline.data!.durationSeconds),
              })}
            </p>
            <ol className={styles.outline}>
              {sections.map((section) => (
                <li key={section.id}>
                  <h3>
                    {section.title}
                    <span className={styles.length}>{length(section.durationSeconds)}</span>
                  </h3>
                  <ol className={styles.lessons}>
                    {section.lessons.map((lesson) => (
                      <li key={lesson.id}>
                        {lesson.title}
                        <span className={styles.length}>{length(lesson.durationSeconds)}</span>
                        {lesson.isFreePreview ? (
                          <Badge tone="success">{t('course.freePreview')}</Badge>
                        ) : null}
                      </li>
                    ))}
                  </ol>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
        {reviews.data?.items.length ? (
          <section aria-labelledby="reviews">
            <h2 id="reviews">{t('course.reviews')}</h2>
            <ul className={styles.reviews}>
              {reviews.data.items.slice(0, FIRST_REVIEWS).map((review) => (
                <li key={review._id}>
                  <p>{t('course.review', { rating: review.rating, name: review.author.name })}</p>
                  <p>{review.body}</p>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        {others.length ? (
          <section aria-labelledby="related">
            <h2 id="related">{t('course.related')}</h2>
            <ul className={styles.related}>
              {others.map((other) => (
                <li key={other._id}>
                  <Link to={coursePagePath(other.slug)}>{other.title}</Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </article>
    </div>
  );
}

function CourseBySlug({ stores }: { stores: CourseStores }) {
  const { slug = '' } = useParams();
  return <CourseLanding key={slug} slug={slug} stores={stores} />;
}

/** /courses/{slug}: a published product's public landing page (gateway/src/course-pages.ts paints it first). */
export default function CourseLandingPage({ stores = {} }: { stores?: CourseStores }) {
  return (
    <Routes>
      <Route path=":slug" element={<CourseBySlug stores={stores} />} />
      <Route path="*" element={<NotFound />} />
    </Routes>
  );
}
