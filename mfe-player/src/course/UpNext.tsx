import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { NEXT_LESSON_COUNTDOWN_SECONDS } from '@catalyst/contracts';
import { Button, openAuthDialog, PLANS_PATH, plansPageState } from '@catalyst/web-kit';
import styles from './CoursePage.module.css';

/** What follows a finished lesson. */
export type AfterLesson =
  | {
      kind: 'next';
      title: string;
      /** The learning path's title, when the next is its next item. */ path?: string;
    }
  | { kind: 'locked'; title: string; offer: 'sign-in' | 'plans' }
  | { kind: 'end'; completedLessons: number | null; lessonCount: number; courseComplete: boolean };

/**
 * The words said politely when a lesson ends, once: the overlay's own text is not a live region, so the
 * countdown's every second is not read out. With autoplay off nothing counts down.
 */
export function afterLessonAnnouncement(after: AfterLesson, autoplay: boolean): string {
  if (after.kind === 'next') {
    const what = after.path ? `Up next in ${after.path}: ${after.title}.` : `Up next: ${after.title}.`;
    return autoplay ? `${what} Starts in ${NEXT_LESSON_COUNTDOWN_SECONDS} seconds.` : what;
  }
  if (after.kind === 'locked') return `Up next: ${after.title}. This lesson is part of Premium.`;
  return after.courseComplete ? 'Course complete.' : 'You reached the end of the course.';
}

/**
 * Over a finished video: the next lesson (or the learning path's next item) after a countdown (Play now, Cancel; no countdown with autoplay
 * off), the plans when the next lesson is locked, or the end of the course. Its first button takes the focus,
 * so a keyboard is there (Enter plays now); Escape closes it. The browser takes Escape to leave full screen
 * first: leaving full screen while it counts stops the countdown, and Play now stays.
 */
export function UpNext({
  after,
  autoplay,
  onPlayNext,
  onDismiss,
  tickMs = 1_000,
}: {
  after: AfterLesson;
  /** The learner's autoplay setting: on, the next lesson starts by itself after the countdown. */
  autoplay: boolean;
  onPlayNext: () => void;
  onDismiss: () => void;
  tickMs?: number;
}) {
  const id = useId();
  const [counting, setCounting] = useState(autoplay);
  const dismiss = useEffectEvent(() => onDismiss());
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape' || event.defaultPrevented) return;
      event.preventDefault();
      dismiss();
    };
    const onFullscreenChange = () => {
      if (!document.fullscreenElement) setCounting(false);
    };
    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('fullscreenchange', onFullscreenChange);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('fullscreenchange', onFullscreenChange);
    };
  }, []);
  return (
    <div className={styles.overlay} data-testid="up-next">
      <section className={styles.overlayBox} aria-labelledby={`${id}-title`}>
        {after.kind === 'next' ? (
          <>
            <h3 id={`${id}-title`}>Up next: {after.title}</h3>
            {after.path ? <p>Next in {after.path}</p> : null}
            {autoplay && counting ? <Countdown tickMs={tickMs} onDone={onPlayNext} /> : null}
            <div className={styles.overlayActions}>
              <Button
                size="sm"
                onClick={onPlayNext}
                autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
              >
                Play now
              </Button>
              <Button size="sm" variant="secondary" onClick={onDismiss}>
                Cancel
              </Button>
            </div>
          </>
        ) : after.kind === 'locked' ? (
          <>
            <h3 id={`${id}-title`}>Up next: {after.title}</h3>
            <p>
              {after.offer === 'sign-in'
                ? 'Sign in to open the next lesson.'
                : 'The next lesson is part of Premium.'}
            </p>
            <div className={styles.overlayActions}>
              {after.offer === 'sign-in' ? (
                <Button
                  size="sm"
                  onClick={() => openAuthDialog('login')}
                  autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
                >
                  Sign in
                </Button>
              ) : (
                <Link
                  className={styles.plansLink}
                  to={PLANS_PATH}
                  state={plansPageState('course')}
                  autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
                >
                  See plans
                </Link>
              )}
              <Button size="sm" variant="secondary" onClick={onDismiss}>
                Cancel
              </Button>
            </div>
          </>
        ) : (
          <>
            <h3 id={`${id}-title`}>{after.courseComplete ? 'Course complete' : 'End of the course'}</h3>
            <p>
              {after.courseComplete
                ? `You completed all ${after.lessonCount} lessons.`
                : after.completedLessons !== null
                  ? `${after.completedLessons} of ${after.lessonCount} lessons complete.`
                  : 'You reached the last lesson.'}
            </p>
            <div className={styles.overlayActions}>
              <Button
                size="sm"
                variant="secondary"
                onClick={onDismiss}
                autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
              >
                Close
              </Button>
            </div>
          </>
        )}
      </section>
    </div>
  );
}

/** Seconds before the next lesson starts on its own. */
function Countdown({ tickMs, onDone }: { tickMs: number; onDone: () => void }) {
  const [left, setLeft] = useState(NEXT_LESSON_COUNTDOWN_SECONDS);
  const done = useEffectEvent(() => onDone());
  useEffect(() => {
    if (left <= 0) {
      done();
      return;
    }
    const timer = setTimeout(() => setLeft((n) => n - 1), tickMs);
    return () => clearTimeout(timer);
  }, [left, tickMs]);
  return (
    <p data-testid="countdown">
      Starts in <span className={styles.count}>{left}</span> {left === 1 ? 'second' : 'seconds'}
    </p>
  );
}
