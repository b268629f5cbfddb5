import { payingInternalRoutes } from '@catalyst/contracts';
import type { Kysely } from 'kysely';
import { repeatEvery, type Logger, type Peer } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { rollUpAnalytics, type PayingOf } from './analytics.repository';

/** Users asked of billing per call (its body's limit). */
const PAYING_BATCH = 10_000;

/** Billing's answer, which of the users pay now, asked in batches. */
export const payingFrom =
  (billing: Peer): PayingOf =>
  async (userIds) => {
    const paying = new Set<string>();
    for (let at = 0; at < userIds.length; at += PAYING_BATCH) {
      const answer = await billing.call(payingInternalRoutes.paying, {
        body: { userIds: userIds.slice(at, at + PAYING_BATCH) },
      });
      for (const id of answer.userIds) paying.add(id);
    }
    return paying;
  };

/**
 * The analytics rollup, on a timer in every progress process (like the co-watched refresh): soon after start,
 * then every `intervalSeconds`. The advisory lock lets one replica roll at a time; a failed run (billing
 * unreachable) leaves its events unrolled for the next. Answers the function that stops it.
 */
export function scheduleAnalyticsRollup(
  db: Kysely<Database>,
  billing: Peer,
  log: Logger,
  intervalSeconds: number,
  firstAfterMs = 5_000,
): () => Promise<void> {
  const job = repeatEvery({
    name: 'analytics rollup',
    everyMs: intervalSeconds * 1_000,
    firstAfterMs,
    log,
    async step() {
      const outcome = await rollUpAnalytics(db, payingFrom(billing));
      if (outcome && outcome.events > 0) log.info(outcome, 'analytics rolled up');
    },
  });
  return job.stop;
}
