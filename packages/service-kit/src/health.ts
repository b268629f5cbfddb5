/**
 * A dependency check shared by everyone asking: at most one run at a time (concurrent callers wait for
 * the same one) and its answer reused for `ttlMs` after it finishes. 100 probes in a second cost one
 * round trip to Postgres, not 100, and a slow dependency cannot pile up checks behind it.
 */
export function sharedCheck<T>(
  check: () => Promise<T>,
  ttlMs = 1_000,
  now: () => number = Date.now,
): () => Promise<T> {
  let inFlight: Promise<T> | undefined;
  let last: { value: T; at: number } | undefined;
  return () => {
    if (last && now() - last.at < ttlMs) return Promise.resolve(last.value);
    if (!inFlight) {
      inFlight = check().then(
        (value) => {
          last = { value, at: now() };
          inFlight = undefined;
          return value;
        },
        (error: unknown) => {
          inFlight = undefined;
          throw error;
        },
      );
    }
    return inFlight;
  };
}

/** Liveness: the process answers from memory, never asking a dependency (a restart would not fix a database outage). */
export const LIVENESS_PATH = '/livez';
