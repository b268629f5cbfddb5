import { useId, useState } from 'react';
import { Link } from 'react-router-dom';
import type { Progress } from '@catalyst/contracts';
import { Button, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import { ConfirmReset } from '../product/ConfirmReset';
import { fillStyle } from '../product/ProgressActions';
import styles from './CoursePage.module.css';

/**
 * The course's own figure (the server's, derived from its lessons), with Reset course. There is no Mark
 * course complete: a course ends in a certificate, so it is finished lesson by lesson and by passing its quiz.
 */
export function CourseProgressCard({
  course,
  completedLessons,
  lessonCount,
  ready,
  busy,
  quizzesLeft,
  onResetCourse,
}: {
  course: Progress | null;
  completedLessons: number;
  lessonCount: number;
  /** The current lesson's progress is loaded (course actions go through its save clock). */
  ready: boolean;
  busy: boolean;
  /** The course's quizzes not yet passed (a quiz is finished only by passing it), with where each is. */
  quizzesLeft: ReadonlyArray<{ title: string; path: string }>;
  onResetCourse: () => void;
}) {
  const t = useStrings(playerStrings);
  const id = useId();
  const [confirming, setConfirming] = useState<'reset' | null>(null);
  const percent = course?.progress ?? 0;
  const completed = course?.completed ?? false;
  return (
    <section className={styles.courseProgress} aria-labelledby={`${id}-title`} data-testid="course-progress">
      <h2 id={`${id}-title`}>{t('courseProgress.title')}</h2>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label={t('courseProgress.title')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.fill} style={fillStyle(percent)} />
      </div>
      <p className={styles.courseFigure} data-testid="course-percent">
        {t(completed ? 'progress.completedPercent' : 'progress.percentComplete', { percent })} ·{' '}
        {t('courseProgress.lessons', { done: completedLessons, count: lessonCount })}
      </p>
      <p className={styles.courseNote}>{t('courseProgress.note')}</p>
      {!completed && quizzesLeft.length > 0 && completedLessons >= lessonCount - quizzesLeft.length ? (
        <p className={styles.courseNote} role="status">
          {t('courseProgress.passQuizzes', { count: quizzesLeft.length })}:{' '}
          {quizzesLeft.map((quiz, index) => (
            <span key={quiz.path}>
              {index > 0 ? ', ' : null}
              <Link to={quiz.path}>{quiz.title}</Link>
            </span>
          ))}
        </p>
      ) : null}
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="secondary"
          onClick={() => setConfirming('reset')}
          disabled={!ready || busy}
        >
          {t('courseProgress.reset')}
        </Button>
      </div>
      <ConfirmReset
        open={confirming === 'reset'}
        onClose={() => setConfirming(null)}
        title={t('courseProgress.resetTitle')}
        confirmLabel={t('courseProgress.reset')}
        onConfirm={onResetCourse}
      >
        {t('courseProgress.resetBody', { percent, count: completedLessons })}
      </ConfirmReset>
    </section>
  );
}
