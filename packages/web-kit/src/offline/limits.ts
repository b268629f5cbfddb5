/** How long a kept answer may be shown offline. */
export const KEPT_ANSWER_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;
/** At most this many answers are kept (the oldest go first). */
export const KEPT_ANSWERS_MAX = 300;
