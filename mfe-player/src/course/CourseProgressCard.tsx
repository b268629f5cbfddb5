import { useId, useState } from 'react';
import type { Progress } from '@catalyst/contracts';
import { Button } from '@catalyst/web-kit';
import { ConfirmReset } from '../product/ConfirmReset';
import styles from './CoursePage.module.css';

/** The course's own figure (the server's, derived from its lessons), with Mark course complete and Reset course. */
export function CourseProgressCard({
  course,
  completedLessons,
  lessonCount,
  ready,
  busy,
  onCompleteCourse,
  onResetCourse,
}: {
  course: Progress | null;
  completedLessons: number;
  lessonCount: number;
  /** The current lesson's progress is loaded (course actions go through its save clock). */
  ready: boolean;
  busy: boolean;
  onCompleteCourse: () => void;
  onResetCourse: () => void;
}) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const percent = course?.progress ?? 0;
  const completed = course?.completed ?? false;
  return (
    <section className={styles.courseProgress} aria-labelledby={`${id}-title`} data-testid="course-progress">
      <h2 id={`${id}-title`}>Course progress</h2>
      <div
        className={styles.bar}
        role="progressbar"
        aria-label="Course progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.fill} style={{ width: `${percent}%` }} />
      </div>
      <p className={styles.courseFigure} data-testid="course-percent">
        {completed ? `Completed · ${percent}%` : `${percent}% complete`} · {completedLessons} of {lessonCount}{' '}
        lessons
      </p>
      <div className={styles.actions}>
        <Button size="sm" onClick={onCompleteCourse} disabled={!ready || busy || completed}>
          Mark course complete
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={!ready || busy}>
          Reset course
        </Button>
      </div>
      <ConfirmReset
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset the whole course?"
        confirmLabel="Reset course"
        onConfirm={onResetCourse}
      >
        This clears your progress on every lesson of this course ({percent}% and {completedLessons} completed
        lessons). It cannot be undone.
      </ConfirmReset>
    </section>
  );
}
