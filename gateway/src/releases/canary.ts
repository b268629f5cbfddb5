import { createHash } from 'node:crypto';

/** Buckets of the canary split: a share of p percent is the buckets below p × 100. */
const BUCKETS = 10_000;

/**
 * A person's stable bucket (0…9999) for one front end: the same id always lands in the same bucket, and
 * each front end splits people on its own (the few in catalog's canary are not also player's).
 */
export function bucketOf(id: string, remote: string): number {
  return createHash('sha256').update(`${remote}\0${id}`).digest().readUInt32BE(0) % BUCKETS;
}

/** Whether this person is served the canary of a front end running one at `percent` (0 < percent < 100). */
export const inCanary = (id: string, remote: string, percent: number): boolean =>
  bucketOf(id, remote) < Math.round(percent * 100);
