import { useState } from 'react';
import { Button, Dialog } from '@catalyst/web-kit';
import type { PolicyState } from '../progress/policy';
import styles from './ProductPage.module.css';

/** The progress bar under the player with Mark Complete (disabled at 100), Reset and the 'Saving...' hint. */
export function ProgressActions({
  state,
  busy,
  onMarkComplete,
  onReset,
}: {
  state: PolicyState | null;
  busy: boolean;
  onMarkComplete: () => void;
  onReset: () => void;
}) {
  const saved = state?.saved;
  const percent = shownPercent(state);
  const atHundred = (saved?.progress ?? 0) >= 100;
  // Reset throws away what the learner did: it is confirmed first, saying what will be lost.
  const [confirming, setConfirming] = useState(false);
  const lost = state?.completed ? `your ${percent}% progress and the completed mark` : `your ${percent}% progress`;
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
        <span className={styles.saving} aria-live="polite">
          {state?.saving ? 'Saving...' : ''}
        </span>
      </div>
      <div className={styles.actions}>
        <Button size="sm" onClick={onMarkComplete} disabled={!state || atHundred || busy}>
          Mark Complete
        </Button>
        <Button size="sm" variant="secondary" onClick={() => setConfirming(true)} disabled={!state || busy}>
          Reset
        </Button>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Reset your progress?">
        <p>This clears {lost} for this item, and the video starts again from the beginning. It cannot be undone.</p>
        <div className={styles.actions}>
          <Button variant="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </Button>
          <Button
            variant="danger"
            onClick={() => {
              setConfirming(false);
              onReset();
            }}
          >
            Reset progress
          </Button>
        </div>
      </Dialog>
    </div>
  );
}

/** The percentage shown: the live one, but never below what is saved as completed. */
export function shownPercent(state: PolicyState | null): number {
  if (!state) return 0;
  const current = state.duration > 0 ? state.progress : state.saved.progress;
  return state.saved.completed ? Math.max(state.saved.progress, current) : current;
}
