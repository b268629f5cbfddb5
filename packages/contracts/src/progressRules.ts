// No zod here: the player imports these constants alone (a remote keeps only what it imports).

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
