import PgBoss from 'pg-boss';
import { retryOnDeadlock, type Logger } from '@catalyst/service-kit';

/** The processing queue: one job per asset to process (a second request for the same asset joins the first). */
export const PROCESS_QUEUE = 'media-process';
/** Removal of a video's files that a new encode replaced, once nothing can still be reading them. */
export const RETIRE_QUEUE = 'media-retire';
/** The hourly sweep of uploads nobody finished. */
export const SWEEP_QUEUE = 'media-sweep';
/** pg-boss keeps its tables in a schema of their own, beside the media schema. */
export const JOBS_SCHEMA = 'media_jobs';

export interface ProcessJob {
  assetId: string;
}

export interface RetireJob {
  /** `assets/<id>/<attempt>/`: the published files a newer encode replaced. */
  prefix: string;
}

/**
 * How long replaced files stay: a media process remembers where an asset's files are for up to a minute,
 * and a player may be reading a segment it was given just before the swap.
 */
export const RETIRE_AFTER_SECONDS = 5 * 60;
/** The longest a processing run may last: the queue ends its job then (and so nothing works in its folder after). */
export const PROCESS_EXPIRE_SECONDS = 60 * 60;

/** The job queue in Postgres (pg-boss): the service enqueues, the worker process works. */
export interface MediaJobs {
  enqueue(assetId: string): Promise<void>;
  /** Removes replaced files after `RETIRE_AFTER_SECONDS`. */
  retire(prefix: string): Promise<void>;
  readonly boss: PgBoss;
  /** Stops taking jobs; running ones get `graceMs` to finish. */
  stop(graceMs?: number): Promise<void>;
}

export async function startJobs({
  connectionString,
  log,
  supervise = false,
}: {
  connectionString: string;
  log: Logger;
  supervise?: boolean;
}): Promise<MediaJobs> {
  const boss = new PgBoss({
    connectionString,
    schema: JOBS_SCHEMA,
    max: 4,
    application_name: 'catalyst-media-jobs',
    // Only the worker runs pg-boss's maintenance and cron clock; the API process only sends.
    supervise,
    schedule: supervise,
  });
  boss.on('error', (error) => log.error({ err: error.message }, 'job queue error'));
  await boss.start();
  // stately: at most one queued and one running job per asset, so a retry click or a re-sent finish never doubles work.
  await createQueue(boss, {
    name: PROCESS_QUEUE,
    policy: 'stately',
    retryLimit: 3,
    retryDelay: 5,
    retryBackoff: true,
    expireInSeconds: PROCESS_EXPIRE_SECONDS,
  });
  await createQueue(boss, {
    name: RETIRE_QUEUE,
    policy: 'standard',
    retryLimit: 5,
    retryDelay: 30,
    retryBackoff: true,
    expireInSeconds: 10 * 60,
  });
  await createQueue(boss, {
    name: SWEEP_QUEUE,
    policy: 'singleton',
    retryLimit: 1,
    expireInSeconds: 10 * 60,
  });
  return {
    boss,
    async enqueue(assetId) {
      await boss.send(PROCESS_QUEUE, { assetId } satisfies ProcessJob, { singletonKey: assetId });
    },
    async retire(prefix) {
      await boss.send(RETIRE_QUEUE, { prefix } satisfies RetireJob, { startAfter: RETIRE_AFTER_SECONDS });
    },
    stop: (graceMs = 5_000) => boss.stop({ graceful: true, wait: true, timeout: graceMs }),
  };
}

/**
 * Creates a queue unless it exists. The service and its workers start together against a fresh database, and
 * two pg-boss create_queue calls at once can deadlock on the partition they attach (Postgres picks one to fail
 * with 40P01): that one tries again, and finds the queue made.
 */
const createQueue = (boss: PgBoss, queue: PgBoss.Queue & { name: string }): Promise<void> =>
  retryOnDeadlock(() => boss.createQueue(queue.name, queue));
