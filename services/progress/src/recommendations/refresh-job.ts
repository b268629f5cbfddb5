import type { Kysely } from 'kysely';
import { repeatEvery, type Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { refreshCoWatched } from './co-watched.repository';

/**
 * The co-watching refresh, on a timer in every progress process: once soon after start, then every
 * `intervalSeconds`. An advisory lock lets one replica refresh at a time; a failed run is logged and the
 * next one tries again. Answers the function that stops it.
 */
export function scheduleCoWatchedRefresh(
  db: Kysely<Database>,
  log: Logger,
  intervalSeconds: number,
  firstAfterMs = 5_000,
): () => Promise<void> {
  const job = repeatEvery({
    name: 'co-watched refresh',
    everyMs: intervalSeconds * 1_000,
    firstAfterMs,
    log,
    async step() {
      const pairs = await refreshCoWatched(db);
      if (pairs !== null) log.info({ pairs }, 'co-watched products refreshed');
    },
  });
  return job.stop;
}
