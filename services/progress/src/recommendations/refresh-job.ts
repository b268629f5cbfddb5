import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
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
): () => void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const pairs = await refreshCoWatched(db);
      if (pairs !== null) log.info({ pairs }, 'co-watched products refreshed');
    } catch (error) {
      log.error({ err: error }, 'co-watched refresh failed');
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void run(), firstAfterMs);
  const every = setInterval(() => void run(), intervalSeconds * 1_000);
  first.unref();
  every.unref();
  return () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
