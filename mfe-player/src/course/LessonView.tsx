import { Lock } from '@catalyst/web-kit/icons';
import { memo, useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { nextLessonOf, previousLessonOf, type Lesson, type QuizAttemptResult } from '@catalyst/contracts';
import { LESSON_START_PARAM, lessonStartOf } from '@catalyst/contracts/search-terms';
import {
  api,
  Button,
  isApiRequestError,
  lessonPath,
  openAuthDialog,
  PLANS_PATH,
  plansPageState,
  Spinner,
  useConnection,
  useDownloadedCopy,
  useStrings,
  type ApiData,
} from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { usePathNext } from '../paths/usePathNext';
import { playNextState } from '../player/playNext';
import { VideoPlayer, type VideoPlayerHandle } from '../player/VideoPlayer';
import { captionsLangOf, captionsUrlFor } from '../player/playerKeys';
import type { Autoplay } from '../player/useAutoplay';
import { NotesPanel } from '../notes/NotesPanel';
import { useNotes } from '../notes/useNotes';
import { DownloadButton, DownloadButtonRoom } from '../product/DownloadButton';
import { ProgressActions, progressActionsShown } from '../product/ProgressActions';
import { SafeHtml } from '@catalyst/web-kit/safe-html';
import { useSignedMedia } from '../product/useMediaRenewal';
import { withLiveProgress } from '../progress/liveProgress';
import type { TrackedProgress } from '../progress/useProgress';
import { canOpenLesson, lockedOfferOf, type CourseAccess, type PlacedLesson } from './access';
import { LessonResources } from './LessonResources';
import { QuizLesson } from './QuizLesson';
import { afterLessonAnnouncement, UpNext, type AfterLesson } from './UpNext';
import styles from './CoursePage.module.css';

/** What the page does for the lesson's progress (Try again repeats what failed). */
export interface LessonActions {
  markComplete: () => void;
  reset: () => void;
  tryAgain: () => void;
  /** A graded quiz attempt: its answer carries the lesson's row and the course figure after it. */
  quizGraded: (result: QuizAttemptResult) => void;
}

/** The course a lesson belongs to, as a saved copy names it. */
export interface LessonCourse {
  /** The course's _id (downloads and progress are filed under it). */
  productId: string;
  title: string;
  /** Priced: a saved copy lives only as long as the plan. */
  premium: boolean;
}

/** What a lesson's saved copy is filed under (one per lesson of a course). */
export const lessonDownloadId = (productId: string, lessonId: string) => `${productId}:${lessonId}`;

export interface LessonViewProps {
  productKey: string;
  course: LessonCourse;
  poster: string | null;
  lesson: PlacedLesson;
  /** The page's read of this lesson (started beside the product's); an answer for another lesson is not this one's. */
  read: ApiData<Lesson>;
  lessons: readonly PlacedLesson[];
  access: CourseAccess;
  /** The lesson's kept progress; null when nothing is kept (visitors, learners without the plan). */
  progress: TrackedProgress | null;
  actions: LessonActions;
  completed: ReadonlySet<string> | null;
  playerRef: RefObject<VideoPlayerHandle | null>;
  /** Play at once (the lesson was started by the Up next countdown). */
  autoPlay: boolean;
  /** Another lesson was shown before: the focus moves to this one's title. */
  focusTitle: boolean;
  /** The learner's autoplay setting (the player's switch; on, Up next counts down). */
  autoplay: Autoplay;
  /** What the player's Full screen fills: the page's, kept from one lesson to the next. */
  fullscreenRoot: RefObject<HTMLElement | null>;
}

/** One lesson: its video or article, what follows it when it ends, its progress actions and its resources. */
export function LessonView({
  productKey,
  course,
  poster,
  lesson,
  read,
  lessons,
  access,
  progress,
  actions,
  completed,
  playerRef,
  autoPlay,
  focusTitle,
  autoplay,
  fullscreenRoot,
}: LessonViewProps) {
  const t = useStrings(playerStrings);
  const navigate = useNavigate();
  const titleRef = useRef<HTMLHeadingElement>(null);
  const open = canOpenLesson(lesson, access);
  const input = { params: { idOrSlug: productKey, lessonId: lesson.id } };
  // (moving to another lesson, the read keeps the last lesson's answer until the new one is in)
  const data = read.data?.id === lesson.id ? read.data : undefined;
  const media = useSignedMedia(
    lesson.id,
    { videoUrl: data?.videoUrl ?? null, stream: data?.stream ?? null },
    () => api.curriculum.lesson(input),
  );
  const [ended, setEnded] = useState(false);
  // a search hit's "Play from 0:12" names the second; otherwise the learner's own place
  const askedStart = lessonStartOf(useSearchParams()[0]);
  // Offline, the lesson's copy saved for offline watching plays instead (never once the plan has ended).
  const { offline } = useConnection();
  const downloadId = lessonDownloadId(course.productId, lesson.id);
  const savedCopy = useDownloadedCopy(downloadId, offline);
  const videoUrl = savedCopy ?? media.videoUrl;
  const stream = savedCopy ? null : media.stream;
  const offer = lockedOfferOf(access);
  // the server has the last word: a plan that ended, a session that expired
  const error = read.isLoading ? null : read.error;
  const refused = isApiRequestError(error) && (error.status === 401 || error.status === 403);
  const locked = !open || refused;
  // A learner whose progress is kept keeps notes on a video lesson too (private, pinned to a second). The outline
  // names the kind, so the panel is in place while the lesson loads (what is below it does not move down later).
  const notesShown = !!progress && !locked && !error && (data ? data.kind : lesson.kind) === 'video';
  const notes = useNotes(course.productId, lesson.id, notesShown);
  // Captions: an admin's upload (media's, with the stream's token), else a free preview's signed file, else the
  // file beside the video (a demo MP4's; the viewer's grant opens it). The transcript reads the same file.
  const captionsUrl = data
    ? (media.stream?.captionsUrl ?? data.captionsUrl ?? captionsUrlFor(data.videoUrl))
    : null;
  // an upload's language, as the admin or the file named it (the stream names none without captions: a preview's
  // and a demo's files are English)
  const captionsLanguage = media.stream?.captionsLanguage ?? null;
  const [matches, setMatches] = useState<number[]>([]);
  const transcribed = !!captionsUrl && !locked && !error && data?.kind === 'video';
  // the same object while its parts are: the memoised learning tools render for none of the page's other updates
  const transcript = useMemo(
    () =>
      transcribed && captionsUrl
        ? {
            captionsUrl,
            lang: captionsLangOf(captionsLanguage),
            linkAt: (seconds: number) =>
              `${window.location.origin}${lessonPath(productKey, lesson.id)}?${LESSON_START_PARAM}=${Math.floor(seconds)}`,
            onMatches: setMatches,
          }
        : null,
    [transcribed, captionsUrl, captionsLanguage, productKey, lesson.id],
  );

  useEffect(() => {
    if (focusTitle) titleRef.current?.focus();
  }, [focusTitle]);

  const next = nextLessonOf(lessons, lesson.id);
  const previous = previousLessonOf(lessons, lesson.id);
  const position = lessons.findIndex((l) => l.id === lesson.id);
  const goTo = (target: PlacedLesson, play: boolean) =>
    navigate(lessonPath(productKey, target.id), play ? { state: playNextState() } : undefined);
  // the course's last lesson ended: the next item of the learning path it is taken in, if any
  const pathNext = usePathNext(course.productId, ended && !next).next;

  const after: AfterLesson | null = !ended
    ? null
    : next
      ? canOpenLesson(next, access)
        ? { kind: 'next', title: next.title }
        : { kind: 'locked', title: next.title, offer }
      : pathNext === undefined
        ? null // a moment, while the path is read
        : pathNext
          ? { kind: 'next', title: pathNext.item.title, path: pathNext.pathTitle }
          : {
              kind: 'end',
              lessonCount: lessons.length,
              // the lesson that just ended counts: its save may still be on its way
              completedLessons: completed
                ? lessons.filter((l) => l.id === lesson.id || completed.has(l.id)).length
                : null,
              courseComplete: !!completed && lessons.every((l) => l.id === lesson.id || completed.has(l.id)),
            };

  let stage;
  if (locked) stage = <LockedLesson offer={offer} signedIn={access.signedIn} />;
  else if (error) stage = <LessonProblem error={error} onRetry={read.reload} />;
  else if (read.isLoading || !data) {
    stage = (
      <div className={styles.placeholder}>
        <Spinner message={t('lesson.loading')} />
      </div>
    );
  } else if (data.kind === 'article') {
    stage = data.body ? (
      <SafeHtml html={data.body} className={styles.article} testId="product-content" />
    ) : (
      <div className={styles.placeholder}>{t('lesson.emptyArticle')}</div>
    );
  } else if (data.kind === 'quiz') {
    stage =
      data.quiz && data.quiz.questions.length > 0 ? (
        <QuizLesson
          productId={data.productId}
          lessonId={lesson.id}
          quiz={data.quiz}
          next={
            next
              ? canOpenLesson(next, access)
                ? { title: next.title, to: lessonPath(productKey, next.id) }
                : { title: next.title, to: PLANS_PATH, state: plansPageState('course') }
              : null
          }
          onResult={actions.quizGraded}
        />
      ) : (
        <div className={styles.placeholder}>{t('lesson.emptyQuiz')}</div>
      );
  } else if (videoUrl || stream) {
    stage = (
      <VideoPlayer
        // a saved copy gets its own video element: the stream's player lets go of the old one
        key={savedCopy ? 'saved-copy' : 'signed'}
        handleRef={playerRef}
        src={videoUrl}
        stream={stream}
        poster={poster}
        title={lesson.title}
        captionsUrl={captionsUrl}
        captionsLanguage={captionsLanguage}
        // a viewer whose progress is not kept starts at the beginning
        startAt={askedStart ?? (progress ? progress.resumeAt : 0)}
        autoPlay={autoPlay}
        autoplayNext={autoplay}
        fullscreenRoot={fullscreenRoot}
        marks={notesShown ? notes.items?.map((note) => note.seconds) : undefined}
        matches={transcript ? matches : undefined}
        onDuration={progress?.onDuration}
        onTimeUpdate={(at, length) => {
          if (ended) setEnded(false);
          progress?.onTimeUpdate(at, length);
        }}
        onPause={progress?.onPause}
        onSeeked={progress?.onSeeked}
        onEnded={(length) => {
          progress?.onEnded(length);
          setEnded(true);
        }}
      />
    );
  } else {
    stage = <div className={styles.placeholder}>{t('lesson.noVideo')}</div>;
  }

  return (
    <section className={styles.main} aria-labelledby="lesson-title" data-testid="lesson-view">
      <div className={styles.lessonHead}>
        <p className={styles.lessonMeta}>
          {t('lesson.position', {
            section: lesson.sectionTitle,
            position: position + 1,
            count: lessons.length,
          })}
        </p>
        <h2 id="lesson-title" ref={titleRef} tabIndex={-1} className={styles.lessonTitle}>
          {lesson.title}
        </h2>
      </div>

      <div className={styles.stage}>
        {stage}
        {after ? (
          <UpNext
            after={after}
            autoplay={autoplay.on}
            onPlayNext={() => {
              if (next) goTo(next, true);
              else if (pathNext) void navigate(pathNext.to, { state: playNextState() });
            }}
            onDismiss={() => setEnded(false)}
          />
        ) : null}
        {/* in the stage, so full screen (which shows the stage alone) keeps it */}
        <p className="ck-visually-hidden" role="status">
          {after ? afterLessonAnnouncement(after, autoplay.on) : ''}
        </p>
      </div>
      {notesShown || transcript ? (
        <Tools
          key={lesson.id}
          notes={notesShown ? notes : null}
          playerRef={playerRef}
          transcript={(videoUrl || stream) && transcript ? transcript : null}
        />
      ) : null}

      {progress && !locked && !error ? (
        <>
          {/* a video lesson of a course the learner may open can be saved for offline watching */}
          {data?.kind === 'video' ? (
            <DownloadButton
              id={downloadId}
              productId={course.productId}
              title={`${lesson.title} · ${course.title}`}
              pagePath={lessonPath(productKey, lesson.id)}
              videoUrl={media.videoUrl}
              captionsUrl={captionsUrl}
              premium={course.premium}
            />
          ) : !data && lesson.kind === 'video' ? (
            <DownloadButtonRoom />
          ) : null}
          {/* a quiz is completed by passing it, never by Mark Complete; the outline names the kind, so the
              row is in place while the lesson itself loads (the page does not move down when it arrives) */}
          {lesson.kind === 'quiz' ? null : (
            <Actions
              live={progress.live}
              busy={progress.busy}
              onMarkComplete={actions.markComplete}
              onReset={actions.reset}
              onRetrySave={progress.retrySave}
            />
          )}
          {progress.failure ? (
            <div className={styles.error} role="alert" data-testid="progress-error">
              <p>{progress.failure.message}</p>
              <Button size="sm" variant="secondary" onClick={actions.tryAgain} disabled={progress.busy}>
                {t('common.tryAgain')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}

      <nav className={styles.stepper} aria-label={t('lesson.stepper')}>
        {previous ? (
          <Link className={styles.stepLink} to={lessonPath(productKey, previous.id)}>
            {t('lesson.previous', { title: previous.title })}
          </Link>
        ) : null}
        {next ? (
          <Link
            className={[styles.stepLink, styles.stepNext].join(' ')}
            to={canOpenLesson(next, access) ? lessonPath(productKey, next.id) : PLANS_PATH}
            state={canOpenLesson(next, access) ? undefined : plansPageState('course')}
          >
            {t('lesson.next', { title: next.title })}
          </Link>
        ) : null}
      </nav>

      {data && !locked ? <LessonResources resources={data.resources} /> : null}
    </section>
  );
}

/** In place of a lesson the viewer cannot open: why, and the way in. */
function LockedLesson({ offer, signedIn }: { offer: 'sign-in' | 'plans'; signedIn: boolean }) {
  const t = useStrings(playerStrings);
  return (
    <div className={styles.placeholder} data-testid="lesson-locked">
      <div className={styles.overlayBox}>
        <Lock size={32} aria-hidden="true" focusable="false" />
        <h3>{t(offer === 'sign-in' ? 'lesson.signInTitle' : 'lesson.premiumTitle')}</h3>
        <p>{t(offer === 'sign-in' ? 'lesson.signInText' : 'lesson.premiumText')}</p>
        <div className={styles.placeholderActions}>
          {offer === 'plans' ? (
            <Link className={styles.plansLink} to={PLANS_PATH} state={plansPageState('course')}>
              {t('common.seePlans')}
            </Link>
          ) : null}
          {!signedIn ? (
            <Button
              size="sm"
              variant={offer === 'plans' ? 'secondary' : 'primary'}
              onClick={() => openAuthDialog('login')}
            >
              {t('common.signIn')}
            </Button>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** The lesson could not be read: gone (no Retry), or a passing failure (Retry). */
function LessonProblem({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const t = useStrings(playerStrings);
  const gone = isApiRequestError(error) && error.status === 404;
  return (
    <div className={styles.placeholder} role="alert">
      <div className={styles.overlayBox}>
        <p>{t(gone ? 'lesson.gone' : 'lesson.loadFailed')}</p>
        {gone ? null : (
          <Button size="sm" variant="secondary" onClick={onRetry}>
            {t('common.tryAgain')}
          </Button>
        )}
      </div>
    </div>
  );
}

// The lesson's progress actions read the policy's state themselves: a time update renders them (when it changes
// what they show), not the lesson.
const Actions = withLiveProgress(ProgressActions, progressActionsShown);
// The learning tools render for their notes or transcript, not for the course's figures changing at each save.
const Tools = memo(NotesPanel);
