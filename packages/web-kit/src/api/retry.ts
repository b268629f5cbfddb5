import { isApiRequestError } from './client';

/** Waits between automatic retries of something that failed for a passing reason: 2 s, doubling, at most 30 s. */
export const RETRY_DELAYS_MS = [2_000, 4_000, 8_000, 16_000, 30_000] as const;

/** The wait before the next try after `failures` failures in a row (1 → 2 s … 5 and more → 30 s). */
export const retryDelay = (failures: number): number =>
  RETRY_DELAYS_MS[Math.min(Math.max(failures, 1), RETRY_DELAYS_MS.length) - 1]!;

/**
 * A failure that may pass by itself, so trying again later is worth it: the server was not reached, or
 * answered that it is overloaded, timed out or unavailable (408, 429, 5xx). A refusal (another 4xx) is final.
 */
export function isPassingFailure(error: unknown): boolean {
  if (!isApiRequestError(error)) return true;
  return error.status === 0 || error.status === 408 || error.status === 429 || error.status >= 500;
}
