import { formatDuration, formatPlayerTime } from '@catalyst/web-kit';
import type { PolicyState } from '../progress/policy';
import { shownPercent } from './ProgressActions';
import styles from './ProductPage.module.css';

/** The progress panel shown for products of type course. */
export function CourseProgressPanel({ state, durationMinutes }: { state: PolicyState | null; durationMinutes: number | null }) {
  const percent = shownPercent(state);
  const status = !state ? 'Loading...' : state.completed ? 'Completed' : percent > 0 ? 'In progress' : 'Not started';
  const minutesLeft = durationMinutes ? Math.max(0, Math.round((durationMinutes * (100 - percent)) / 100)) : null;
  return (
    <section className={styles.panel} aria-labelledby="course-progress-title" data-testid="course-progress">
      <h2 id="course-progress-title" className={styles.panelTitle}>
        Course progress
      </h2>
      <div className={styles.ring} style={{ ['--percent' as string]: `${percent}` }} aria-hidden="true">
        <span>{percent}%</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>Status</dt>
          <dd>{status}</dd>
        </div>
        <div>
          <dt>Last position</dt>
          <dd>{formatPlayerTime(state?.saved.lastPosition ?? 0)}</dd>
        </div>
        {minutesLeft !== null ? (
          <div>
            <dt>Time left</dt>
            <dd>{state?.completed ? '—' : formatDuration(minutesLeft) || '0m'}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
