import { formatDuration, formatPlayerTime, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import type { PolicyState } from '../progress/policy';
import { shownPercent } from './ProgressActions';
import styles from './ProductPage.module.css';

/**
 * What is left to watch: from the video's own length once it is known (the furthest point reached to
 * the end, h:mm:ss like the player), before that from the product's listed minutes; null when neither is known.
 */
export function timeLeft(state: PolicyState | null, durationMinutes: number | null): string | null {
  if (state && state.duration > 0) {
    // a furthest point beyond the video's end (its media changed) counts by the percentage instead
    const reached =
      state.furthest <= state.duration ? state.furthest : (state.duration * shownPercent(state)) / 100;
    return formatPlayerTime(Math.max(0, state.duration - reached));
  }
  if (!durationMinutes) return null;
  return (
    formatDuration(Math.max(0, Math.round((durationMinutes * (100 - shownPercent(state))) / 100))) || '0 min'
  );
}

/** What the panel shows of the state (withLiveProgress renders it again only when this changes). */
export const courseProgressPanelShown = (
  state: PolicyState | null,
  { durationMinutes }: { durationMinutes: number | null },
): string =>
  state
    ? [
        shownPercent(state),
        state.completed,
        formatPlayerTime(state.saved.lastPosition),
        timeLeft(state, durationMinutes),
      ].join(' ')
    : 'none';

/** The progress panel of a product that plays a video: how far the learner is, where, and what is left. */
export function CourseProgressPanel({
  state,
  durationMinutes,
}: {
  state: PolicyState | null;
  durationMinutes: number | null;
}) {
  const t = useStrings(playerStrings);
  const percent = shownPercent(state);
  const status = !state
    ? t('common.loading')
    : state.completed
      ? t('progress.completed')
      : percent > 0
        ? t('progress.inProgress')
        : t('progress.notStarted');
  const left = timeLeft(state, durationMinutes);
  return (
    <section className={styles.panel} aria-labelledby="course-progress-title" data-testid="course-progress">
      <h2 id="course-progress-title" className={styles.panelTitle}>
        {t('progress.title')}
      </h2>
      <div className={styles.ring} style={{ ['--percent' as string]: `${percent}` }} aria-hidden="true">
        <span>{percent}%</span>
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('progress.status')}</dt>
          <dd>{status}</dd>
        </div>
        <div>
          <dt>{t('progress.lastPosition')}</dt>
          <dd>{formatPlayerTime(state?.saved.lastPosition ?? 0)}</dd>
        </div>
        {left !== null ? (
          <div>
            <dt>{t('progress.timeLeft')}</dt>
            <dd data-testid="time-left">{state?.completed ? '—' : left}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
