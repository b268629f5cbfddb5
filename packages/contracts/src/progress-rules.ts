// No zod here: the player imports these constants alone (a remote keeps only what it imports).
import type { PlayerSettings } from './progress';

/** Spec section 4 / 9: the policy constants the player and the service agree on. */
export const PROGRESS_RULES = {
  /** Percentage at or above which a product counts as completed. */
  completedAt: 90,
  /** A save is skipped when the percentage moved by fewer points than this since the last save. */
  minChange: 2,
  /** Saves are debounced this long after time updates. */
  debounceMs: 2_000,
  /** A save is forced at every whole multiple of this much playback. */
  forcedEverySeconds: 10,
  /** Default size of the recent-progress list. */
  recentLimit: 5,
} as const;

/** position / duration as a whole percentage, 0–100; 0 while the duration is unknown (spec: rounded). */
export function percentOf(position: number, duration: number): number {
  if (!Number.isFinite(position) || !Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((position / duration) * 100)));
}

/** A learner who never changed a player setting (`playerSettingsSchema`). */
export const DEFAULT_PLAYER_SETTINGS: PlayerSettings = { autoplay: true };
