import PgBoss from 'pg-boss';
import type { Logger } from '@catalyst/service-kit';

/** The processing queue: one job per asset to process (a second request for the same asset joins the first). */
export const PROCESS_QUEUE = 'media-process';
/** The hourly sweep of uploads nobody finished. */
export const SWEEP_QUEUE = 'media-sweep';
/** pg-boss keeps its tables in a schema of their own, beside the media schema. */
export const JOBS_SCHEMA = 'media_jobs';

export interface ProcessJob {
  assetId: string;
}

/** The job queue in Postgres (pg-boss): the service enqueues, the worker process works. */
export interface MediaJobs {
  enqueue(assetId: string): Promise<void>;
  readonly boss: PgBoss;
  /** Stops taking jobs; running ones get `graceMs` to finish. */
  stop(graceMs?: number): Promise<void>;
}

export async function startJobs({ connectionString, log, supervise = false }: { connectionString: string; log: Logger; supervise?: boolean }): Promise<MediaJobs> {
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
  await boss.createQueue(PROCESS_QUEUE, { name: PROCESS_QUEUE, policy: 'stately', retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 * 60 });
  await boss.createQueue(SWEEP_QUEUE, { name: SWEEP_QUEUE, policy: 'singleton', retryLimit: 1, expireInSeconds: 10 * 60 });
  return {
    boss,
    async enqueue(assetId) {
      await boss.send(PROCESS_QUEUE, { assetId } satisfies ProcessJob, { singletonKey: assetId });
    },
    stop: (graceMs = 5_000) => boss.stop({ graceful: true, wait: true, timeout: graceMs }),
  };
}
