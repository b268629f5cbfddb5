import { useState } from 'react';
import { Button } from '@catalyst/web-kit';
import { SAVE_FAILED_MESSAGE } from '../progress/messages';
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
  const saved = state?.saved;
  const percent = shownPercent(state);
  const atHundred = (saved?.progress ?? 0) >= 100;
  // Reset throws away what the learner did: it is confirmed first, saying what will be lost.
  const [confirming, setConfirming] = useState(false);
  const lost = state?.completed
    ? `your ${percent}% progress and the completed mark`
    : `your ${percent}% progress`;
  return (
    <div className={styles.progressRow}>
      <div className={styles.progressInfo}>
        <div
          className={styles.bar}
          role="progressbar"
          aria-label="Your progress"
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className={styles.fill} style={{ width: `${percent}%` }} />
        </div>
        <span className={styles.progressText} data-testid="progress-percent">
          {state?.completed ? `Completed · ${percent}%` : `${percent}% complete`}
        </span>
        <span
          className={[styles.saving, state?.saveFailed ? styles.saveFailed : ''].join(' ')}
          aria-live="polite"
          data-testid="save-status"
        >
          {state?.saveFailed ? SAVE_FAILED_MESSAGE : state?.saving ? 'Saving...' : ''}
        </span>
        {state?.saveFailed && onRetrySave ? (
          <Button size="sm" variant="secondary" onClick={onRetrySave}>
            Retry now
          </Button>
        ) : null}
      </div>
      <div className={styles.actions}>
        <Button size="sm" onClick={onMarkComplete} disabled={!state || atHundred || busy}>
          Mark Complete
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={!state || busy}>
          Reset
        </Button>
      </div>
      <ConfirmReset
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Reset your progress?"
        confirmLabel="Reset progress"
        onConfirm={onReset}
      >
        This clears {lost} for this item, and the video starts again from the beginning. It cannot be undone.
      </ConfirmReset>
    </div>
  );
}

/** The percentage shown: how far the learner got (re-watching never lowers it). */
export function shownPercent(state: PolicyState | null): number {
  return state ? state.progress : 0;
}
