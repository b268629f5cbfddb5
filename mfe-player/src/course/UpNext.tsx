import { useEffect, useEffectEvent, useId, useState } from 'react';
import { Link } from 'react-router-dom';
import { NEXT_LESSON_COUNTDOWN_SECONDS } from '@catalyst/contracts';
import { Button, openAuthDialog, PLANS_PATH, plansPageState, useStrings, withPart } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
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
  const { t } = playerStrings;
  if (after.kind === 'next') {
    const what = after.path
      ? t('upNext.sayNextInPath', { path: after.path, title: after.title })
      : t('upNext.sayNext', { title: after.title });
    return autoplay ? `${what} ${t('upNext.sayStarts', { count: NEXT_LESSON_COUNTDOWN_SECONDS })}` : what;
  }
  if (after.kind === 'locked') return t('upNext.sayLocked', { title: after.title });
  return t(after.courseComplete ? 'upNext.sayComplete' : 'upNext.sayEnd');
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
  const t = useStrings(playerStrings);
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
            <h3 id={`${id}-title`}>{t('upNext.title', { title: after.title })}</h3>
            {after.path ? <p>{t('upNext.inPath', { path: after.path })}</p> : null}
            {autoplay && counting ? <Countdown tickMs={tickMs} onDone={onPlayNext} /> : null}
            <div className={styles.overlayActions}>
              <Button
                size="sm"
                onClick={onPlayNext}
                autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
              >
                {t('upNext.playNow')}
              </Button>
              <Button size="sm" variant="secondary" onClick={onDismiss}>
                {t('common.cancel')}
              </Button>
            </div>
          </>
        ) : after.kind === 'locked' ? (
          <>
            <h3 id={`${id}-title`}>{t('upNext.title', { title: after.title })}</h3>
            <p>{t(after.offer === 'sign-in' ? 'upNext.signIn' : 'upNext.premium')}</p>
            <div className={styles.overlayActions}>
              {after.offer === 'sign-in' ? (
                <Button
                  size="sm"
                  onClick={() => openAuthDialog('login')}
                  autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
                >
                  {t('common.signIn')}
                </Button>
              ) : (
                <Link
                  className={styles.plansLink}
                  to={PLANS_PATH}
                  state={plansPageState('course')}
                  autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
                >
                  {t('common.seePlans')}
                </Link>
              )}
              <Button size="sm" variant="secondary" onClick={onDismiss}>
                {t('common.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <h3 id={`${id}-title`}>{t(after.courseComplete ? 'complete.title' : 'upNext.end')}</h3>
            <p>
              {after.courseComplete
                ? t('upNext.allDone', { count: after.lessonCount })
                : after.completedLessons !== null
                  ? t('upNext.someDone', { done: after.completedLessons, count: after.lessonCount })
                  : t('upNext.lastLesson')}
            </p>
            <div className={styles.overlayActions}>
              <Button
                size="sm"
                variant="secondary"
                onClick={onDismiss}
                autoFocus // eslint-disable-line jsx-a11y-x/no-autofocus -- the overlay covers the player the keyboard was in
              >
                {t('common.close')}
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
  const t = useStrings(playerStrings);
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
      {withPart(
        t('upNext.startsIn', { count: left }),
        'number',
        <span className={styles.count}>{left}</span>,
      )}
    </p>
  );
}
