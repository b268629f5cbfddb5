import { useState, type CSSProperties } from 'react';
import { Button, useStrings } from '@catalyst/web-kit';
import { playerStrings } from '../i18n/en';
import type { PolicyState } from '../progress/policy';
import { ConfirmReset } from './ConfirmReset';
import styles from './ProductPage.module.css';

/**
 * The progress bar under the player with Mark Complete (disabled at 100), Reset and the 'Saving...'
 * hint, which says so when a save failed (it is retried on its own; Retry now sends it at once).
 */
export function ProgressActions({
  state,
  busy,
  onMarkComplete,
  onReset,
  onRetrySave,
}: {
  state: PolicyState | null;
  busy: boolean;
  onMarkComplete: () => void;
  onReset: () => void;
  onRetrySave?: () => void;
}) {
  const t = useStrings(playerStrings);
  const saved = state?.saved;
  const percent = shownPercent(state);
  const atHundred = (saved?.progress ?? 0) >= 100;
  // Reset throws away what the learner did: it is confirmed first, saying what will be lost.
  const [confirming, setConfirming] = useState(false);
  return (
    <div className={styles.progressRow}>
      <div className={styles.progressInfo}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label={t('progress.title')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={styles.fill} style={fillStyle(percent)} />
        </div>
        <span className={styles.progressText} data-testid="progress-percent">
          {t(state?.completed ? 'progress.completedPercent' : 'progress.percentComplete', { percent })}
        </span>
        <span
          className={[styles.saving, state?.saveFailed ? styles.saveFailed : ''].join(' ')}
          aria-live="polite"
          data-testid="save-status"
        >
          {state?.saveFailed ? t('progress.notSaved') : state?.saving ? t('progress.saving') : ''}
        </span>
        {state?.saveFailed && onRetrySave ? (
          <Button size="sm" variant="secondary" onClick={onRetrySave}>
            {t('progress.retryNow')}
          </Button>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button size="sm" onClick={onMarkComplete} disabled={!state || atHundred || busy}>
          {t('progress.markComplete')}
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={!state || busy}>
          {t('progress.reset')}
        </Button>
      </div>
      <ConfirmReset
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('progress.resetTitle')}
        confirmLabel={t('progress.resetConfirm')}
        onConfirm={onReset}
      >
        {t(state?.completed ? 'progress.resetBodyCompleted' : 'progress.resetBody', { percent })}
      </ConfirmReset>
    </div>
  );
}

/** What the row shows of the state (withLiveProgress renders it again only when this changes). */
export const progressActionsShown = (state: PolicyState | null): string =>
  state
    ? [state.progress, state.completed, state.saving, state.saveFailed, state.saved.progress].join(' ')
    : 'none';

/** The percentage shown: how far the learner got (re-watching never lowers it). */
export function shownPercent(state: PolicyState | null): number {
  return state ? state.progress : 0;
}

/** A progress bar's fill at a percentage: the whole bar scaled (its `.fill` rule says why not a width). */
export const fillStyle = (percent: number): CSSProperties => ({
  transform: `scaleX(${Math.min(100, Math.max(0, percent)) / 100})`,
});
