import { memo, useEffect, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import {
  isFreeProduct,
  resumeLessonOf,
  type CourseProgress,
  type CurriculumOutline,
  type PublicProduct,
  type QuizAttemptResult,
} from '@catalyst/contracts';
import {
  api,
  ErrorScreen,
  isApiRequestError,
  isPremiumRequired,
  lessonPath,
  NotFound,
  RatingStars,
  Spinner,
  subscription,
  useApiData,
  useDocumentTitle,
  useSession,
  useStrings,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { Discussion, LiveSession } from '../community/sections';
import type { VideoPlayerHandle } from '../player/VideoPlayer';
import { autoPlayOf, useCarriedFullScreen } from '../player/playNext';
import { useAutoplay } from '../player/useAutoplay';
import { CreatorBlock } from '../product/CreatorBlock';
import { ProductHeader } from '../product/ProductHeader';
import { ProductReviews } from '../product/reviews/ProductReviews';
import { notesQuery } from '../notes/useNotes';
import type { SavedProgress } from '../progress/policy';
import { lessonTarget, savedOf } from '../progress/targets';
import { useProgress } from '../progress/useProgress';
import { canOpenLesson, firstOpenLessonOf, lessonsOf, type CourseAccess } from './access';
import { CourseComplete } from './CourseComplete';
import { CourseProgressCard } from './CourseProgressCard';
import { Curriculum, totalLength } from './Curriculum';
import { LessonView } from './LessonView';
import { useCourseProgress } from './useCourseProgress';
import productStyles from '../product/ProductPage.module.css';
import styles from './CoursePage.module.css';

/** The lesson's row after a course-wide action, read again; what the action implies when that read fails. */
const rowAfter = (data: CourseProgress | null, lessonId: string, implied: SavedProgress): SavedProgress => {
  const row = data?.lessons.find((lesson) => lesson.lessonId === lessonId);
  return row ? savedOf(row) : implied;
};

/**
 * A course with sections: the lesson (video or article) beside its curriculum. Open to visitors too: the
 * header comes from the public product for them (and for a learner without the plan), the product page
 * for everyone it opens to. Free previews play for anyone; locked lessons lead to the plans. Progress is
 * kept per lesson for viewers the course opens to. Without a lesson in the address, the course opens the
 * lesson the learner was in (the URL is replaced by that lesson's).
 */
/** Whether the signed-in member's plan is known to be active (the page re-renders only when this flips). */
const hasPlan = () => subscription.getState().hasSubscription;

export function CoursePage({
  productKey,
  outline,
  lessonId,
}: {
  productKey: string;
  outline: CurriculumOutline;
  lessonId: string | null;
}) {
  const t = useStrings(playerStrings);
  const session = useSession();
  const location = useLocation();
  const settled = !session.isLoading;
  const signedIn = session.isAuthenticated;
  const params = { params: { idOrSlug: productKey } };
  const premium = useApiData(api.product.getPremium, settled && signedIn ? params : null);
  const refused = isPremiumRequired(premium.error);
  const publicRead = useApiData(api.product.get, settled && (!signedIn || refused) ? params : null);
  const product: PublicProduct | undefined = premium.data ?? publicRead.data;
  const access: CourseAccess = useMemo(
    () => ({ full: !!premium.data, signedIn, freeProduct: !!product && isFreeProduct(product) }),
    [premium.data, signedIn, product],
  );

  const lessons = useMemo(() => lessonsOf(outline.sections), [outline]);
  const current = lessonId ? (lessons.find((lesson) => lesson.id === lessonId) ?? null) : null;
  // The lesson is read beside the product, not after it (the shell started both): one the viewer may open,
  // and with a session any lesson but a quiz before the product says whether the course opens to them
  // (without the plan the server refuses it, and it shows locked; a quiz is asked only once it opens).
  const readsLesson =
    settled && !!current && (canOpenLesson(current, access) || (signedIn && current.kind !== 'quiz'));
  const lessonRead = useApiData(
    api.curriculum.lesson,
    readsLesson ? { params: { idOrSlug: productKey, lessonId: current.id } } : null,
  );
  // A member with a plan has their course's progress and the video lesson's notes asked beside the product, not
  // after its answer says the course opens to them (their reads then take these answers). Anyone else (no plan,
  // or its status not in yet) waits for that answer, as before: nothing is asked of a course they do not have.
  // (the plan's status may come in after the page opened: its answer asks them then, if the product's is not in)
  const planned = useSyncExternalStore(subscription.subscribe, hasPlan, hasPlan);
  const early = settled && signedIn && !premium.data && !premium.error;
  const earlyNotes = early && current?.kind === 'video' ? current.id : null;
  useEffect(() => {
    if (!early || !planned) return;
    void api.lessonProgress.forCourse.prefetch({ params: { id: outline.productId } });
    if (earlyNotes) void api.note.listNotes.prefetch({ query: notesQuery(outline.productId, earlyNotes) });
  }, [early, planned, earlyNotes, outline.productId]);
  const courseProgress = useCourseProgress(access.full ? outline.productId : null);
  const store = courseProgress.store;
  const target = useMemo(
    () => (store && current ? lessonTarget(outline.productId, current.id, store) : null),
    [store, current, outline.productId],
  );
  const progress = useProgress(target);
  const player = useRef<VideoPlayerHandle>(null);
  const theatre = useRef<HTMLDivElement>(null);
  const autoplay = useAutoplay();
  // opened by a learning path's Up next from another product's full screen
  useCarriedFullScreen(theatre, location.state);
  // the focus follows a change of lesson, never the first one shown
  const [shown, setShown] = useState<{ lessonId: string | null; changed: boolean }>({
    lessonId: null,
    changed: false,
  });
  if (current && current.id !== shown.lessonId)
    setShown({ lessonId: current.id, changed: shown.lessonId !== null });
  const lessonChanged = shown.changed;
  // the page has shown (see below: its first showing waits for the answers asked beside the product's)
  const [opened, setOpened] = useState(false);

  const completed = useMemo(() => {
    if (!courseProgress.data) return null;
    const done = new Set(
      courseProgress.data.lessons.filter((row) => row.completed).map((row) => row.lessonId),
    );
    // this lesson as this page knows it (its completing save may still be on its way)
    if (current && progress.completed) done.add(current.id);
    return done;
  }, [courseProgress.data, current, progress.completed]);

  useDocumentTitle(
    product ? (current ? `${current.title} · ${product.title}` : product.title) : t('course.documentTitle'),
  );

  if (!settled || premium.isLoading || publicRead.isLoading) return <Spinner message={t('common.loading')} />;
  const readError = refused ? publicRead.error : (premium.error ?? publicRead.error);
  if (isApiRequestError(readError) && readError.status === 404)
    return <NotFound message={t('product.notFound')} />;
  if (readError)
    return (
      <ErrorScreen
        message={t('product.notFound')}
        onRetry={refused || !signedIn ? publicRead.reload : premium.reload}
      />
    );
  if (!product) return <Spinner message={t('common.loading')} />;
  // The page's first showing waits for what was asked beside the product (the lesson; a member's course
  // progress, which the resume needs too): the page, the lesson and the figures render and are laid out once,
  // not again as each answer lands a moment later (a phone at 4× CPU: a layout of the page and a commit of ~25
  // components each). Only the first: later the page stays, and another lesson shows its own loading.
  const answersDue =
    (lessonRead.isLoading && !lessonRead.data) ||
    (access.full && !courseProgress.data && !courseProgress.error);
  if (!opened && answersDue) return <Spinner message={t('common.loading')} />;

  if (!lessonId) {
    // Resume: the lesson the learner was in; a viewer without the course starts at the first lesson they may open.
    if (access.full && !courseProgress.data && !courseProgress.error)
      return <Spinner message={t('common.loading')} />;
    const data = courseProgress.data;
    const resume = access.full
      ? resumeLessonOf(lessons, data?.currentLessonId, data?.lessons ?? [])
      : firstOpenLessonOf(lessons, access);
    // (the address's query and state go with it: a learning path it was opened from, Up next's autoplay)
    if (resume) {
      // the resumed lesson is asked only now: the page shows with its loading (as for another lesson)
      if (!opened) setOpened(true);
      return (
        <Navigate
          replace
          to={{ pathname: lessonPath(productKey, resume.id), search: location.search }}
          state={location.state}
        />
      );
    }
  }

  if (!opened) setOpened(true);

  const position = () => player.current?.currentTime() ?? 0;
  const productId = outline.productId;
  const markComplete = () => void progress.markComplete(position());
  const reset = async () => {
    if (await progress.reset()) player.current?.seekTo(0);
  };
  const resetCourse = async () => {
    if (!store || !current) return;
    const done = await progress.perform(
      'resetCourse',
      async (clientTime) => {
        store.applyCourse(await api.progress.reset({ params: { id: productId }, body: { clientTime } }));
        const data = await store.refresh().catch(() => null);
        return rowAfter(data, current.id, {
          progress: 0,
          lastPosition: 0,
          furthestPosition: 0,
          completed: false,
        });
      },
      0,
    );
    if (done) player.current?.seekTo(0);
  };
  // a graded attempt answers the lesson's row and the course figure after it (a pass completes the lesson)
  const quizGraded = ({ lesson, course }: QuizAttemptResult) =>
    store?.applyWrite({ lesson, course, applied: true });
  const tryAgain = () => {
    const action = progress.failure?.action;
    if (action === 'load') progress.reload();
    else if (action === 'complete') markComplete();
    else if (action === 'reset') void reset();
    else if (action === 'resetCourse') void resetCourse();
  };

  return (
    <article className={productStyles.page} data-testid="course-page">
      <CourseHeading
        product={product}
        lessonCount={outline.lessonCount}
        durationSeconds={outline.durationSeconds}
      />

      <div className={styles.layout}>
        <div className={styles.lessonArea}>
          {current ? (
            // Full screen fills this box, not the player: the box stays from one lesson to the next, so
            // the next lesson (Up next) plays in full screen too (CoursePage.module.css shows only the stage).
            <div ref={theatre} className={styles.theatre}>
              <LessonView
                key={current.id}
                productKey={productKey}
                course={{
                  productId: outline.productId,
                  title: product.title,
                  premium: !isFreeProduct(product),
                }}
                poster={product.thumbnail}
                lesson={current}
                read={lessonRead}
                lessons={lessons}
                access={access}
                progress={target ? progress : null}
                actions={{ markComplete, reset: () => void reset(), tryAgain, quizGraded }}
                completed={completed}
                playerRef={player}
                autoPlay={autoPlayOf(location.state)}
                focusTitle={lessonChanged}
                autoplay={autoplay}
                fullscreenRoot={theatre}
              />
            </div>
          ) : (
            <NotFound message={t('course.lessonNotFound')} documentTitle={t('course.lessonNotFound')} />
          )}
          {/* a webinar's live session (nothing when none is scheduled), from the community remote */}
          {product.type === 'webinar' ? <LiveSession productId={outline.productId} /> : null}
          {/* the lesson's questions and answers, for whoever may open the lesson (from the community remote) */}
          {current && canOpenLesson(current, access) ? (
            <Discussion productId={outline.productId} lessonId={current.id} />
          ) : null}
          <ProductReviews productId={outline.productId} />
        </div>

        <aside className={styles.side} aria-label={t('course.aside')}>
          {access.full && courseProgress.data?.course.completed ? (
            <CourseComplete productId={outline.productId} />
          ) : null}
          {access.full ? (
            <CourseProgressCard
              course={courseProgress.data?.course ?? null}
              completedLessons={completed?.size ?? 0}
              lessonCount={lessons.length}
              ready={progress.ready}
              busy={progress.busy}
              quizzesLeft={lessons
                .filter((lesson) => lesson.kind === 'quiz' && !completed?.has(lesson.id))
                .map((lesson) => ({ title: lesson.title, path: lessonPath(productKey, lesson.id) }))}
              onResetCourse={() => void resetCourse()}
            />
          ) : null}
          <Curriculum
            productKey={productKey}
            sections={outline.sections}
            currentLessonId={current?.id ?? null}
            completed={completed}
            access={access}
          />
          <CreatorBlock product={product} />
        </aside>

        <CourseAbout description={product.description} />
      </div>
    </article>
  );
}

// What the page shows of the product alone, memoised (as the product page's): the page renders again for each
// answer it gets (the product, the course's progress, the lesson), these only for a new product or language.

/** The breadcrumb, title, badges, the lessons and their length, and the rating. */
const CourseHeading = memo(function CourseHeading({
  product,
  lessonCount,
  durationSeconds,
}: {
  product: PublicProduct;
  lessonCount: number;
  durationSeconds: number;
}) {
  // the length is written in the page's language too: a new language renders it again (through the strings)
  const t = useStrings(playerStrings);
  return (
    <ProductHeader
      product={product}
      meta={
        <>
          <span>
            {t('course.lessons', { count: lessonCount })}
            {durationSeconds > 0 ? ` · ${totalLength(durationSeconds)}` : ''}
          </span>
          <RatingStars average={product.ratingAverage} count={product.ratingCount} />
        </>
      }
    />
  );
});

/** What the course is about, in the creator's words (which run in their own direction). */
const CourseAbout = memo(function CourseAbout({ description }: { description: string }) {
  const t = useStrings(playerStrings);
  return (
    <section className={styles.about} aria-labelledby="about-course-title">
      <h2 id="about-course-title" className={productStyles.panelTitle}>
        {t('course.about')}
      </h2>
      <p className={productStyles.description} dir="auto">
        {description}
      </p>
    </section>
  );
});
