// The media worker: a process of its own (the launcher runs it beside the service; compose has a service for
// it) that takes processing jobs from the Postgres queue, one ffmpeg or sharp run at a time per slot.
import { startTelemetry } from '@catalyst/service-kit/telemetry';
import {
  createDb,
  createLogger,
  gaugeAtScrape,
  isUnavailableError,
  mediaToolPath,
  metrics,
  startMetricsServer,
} from '@catalyst/service-kit';
import { loadConfig } from './config';
import type { Database } from './db/schema';
import {
  PROCESS_EXPIRE_SECONDS,
  PROCESS_QUEUE,
  RETIRE_QUEUE,
  startJobs,
  SWEEP_QUEUE,
  type ProcessJob,
  type RetireJob,
} from './jobs/queue';
import { recoverJobs, sweepOrphans } from './jobs/recovery';
import { endRunningFfmpeg } from './processing/ffmpeg';
import { markFailed, processAsset } from './processing/process-asset';
import { sweepWorkDirs } from './processing/work-dirs';
import { SCHEMA } from './setup';
import { createStorage } from './storage';

// First of all: tracing (Postgres queries of the jobs; exported when OTEL_EXPORTER_OTLP_ENDPOINT is set).
startTelemetry({ serviceName: 'media-worker' });

const config = loadConfig();
const log = createLogger('media-worker', config.LOG_LEVEL);
const db = createDb<Database>({ connectionString: config.DATABASE_URL, schema: SCHEMA, poolSize: 4, log });
const storage = createStorage(config);
const ffmpeg = config.FFMPEG_PATH ?? mediaToolPath('ffmpeg');
const ffprobe = config.FFPROBE_PATH ?? mediaToolPath('ffprobe');
let stopping = false;
const jobs = await startJobs({ connectionString: config.DATABASE_URL, log, supervise: true });

// Prometheus: the queue's backlog (jobs waiting, read when scraped) and each job's run time and outcome.
gaugeAtScrape(
  'job_queue_depth',
  'Jobs waiting in the queue (created or waiting for a retry), by queue.',
  ['queue'],
  async (set) => {
    for (const queue of [PROCESS_QUEUE, RETIRE_QUEUE, SWEEP_QUEUE])
      set({ queue }, await jobs.boss.getQueueSize(queue).catch(() => Number.NaN));
  },
);
await startMetricsServer({ log });
async function timed<T>(queue: string, run: () => Promise<T>): Promise<T> {
  const end = metrics.jobDuration.startTimer({ queue });
  try {
    const result = await run();
    end({ outcome: 'completed' });
    return result;
  } catch (error) {
    end({ outcome: 'failed' });
    throw error;
  }
}

// pg-boss records a job's outcome after the handler returns, in a promise nothing awaits: with Postgres
// down that write fails there. The job then stays 'active' and the recovery loop hands it back once the
// database is up, so the worker keeps running through an outage (as every service does); anything else
// unexpected stops it, and the launcher (or compose) starts it again.
process.on('unhandledRejection', (reason) => {
  if (isUnavailableError(reason))
    return void log.warn(
      { err: (reason as Error).message },
      'job queue write failed while Postgres is unreachable; recovery will hand the job back',
    );
  log.fatal(
    { err: reason instanceof Error ? (reason.stack ?? reason.message) : String(reason) },
    'unexpected failure',
  );
  process.exit(1);
});

for (let slot = 0; slot < config.MEDIA_WORKER_CONCURRENCY; slot++) {
  await jobs.boss.work<ProcessJob>(
    PROCESS_QUEUE,
    { includeMetadata: true, batchSize: 1, pollingIntervalSeconds: 1 },
    async ([job]) => {
      if (!job) return;
      try {
        return {
          outcome: await timed(PROCESS_QUEUE, () =>
            processAsset(
              {
                db,
                storage,
                log,
                ffmpeg,
                ffprobe,
                retire: jobs.retire,
                demoEncodeCache: config.MEDIA_DEMO_ENCODE_CACHE,
              },
              job.data.assetId,
            ),
          ),
        };
      } catch (error) {
        log.error(
          { assetId: job.data.assetId, retry: job.retryCount, err: (error as Error).message },
          'processing failed; the queue will retry',
        );
        // A run ended by this worker stopping is not the file's fault: the next worker's recovery takes the job back.
        if (!stopping && job.retryCount >= job.retryLimit)
          await markFailed(
            db,
            job.data.assetId,
            `Processing failed: ${(error as Error).message.slice(0, 300)}`,
          );
        throw error;
      }
    },
  );
}

// Files a new encode replaced go once nothing can still be reading them.
await jobs.boss.work<RetireJob>(RETIRE_QUEUE, async ([job]) => {
  if (job) await timed(RETIRE_QUEUE, () => storage.removePrefix(job.data.prefix));
});
await jobs.boss.work(SWEEP_QUEUE, async () => ({
  removed: await timed(SWEEP_QUEUE, () =>
    sweepOrphans({ db, storage, log, hours: config.MEDIA_ORPHAN_HOURS }),
  ),
}));
await jobs.boss.schedule(SWEEP_QUEUE, '17 * * * *');
// Run folders a killed worker left on this machine (the queue's sweep runs on one worker only; this is per machine).
const sweepLocal = () =>
  sweepWorkDirs(PROCESS_EXPIRE_SECONDS * 1000)
    .then((removed) => removed > 0 && log.info({ removed }, 'removed run folders a stopped worker left'))
    .catch((error: Error) => log.warn({ err: error.message }, 'run folder sweep failed'));
// Off the start-up path: removing a large left-over encode must not hold back the worker's first job.
void sweepLocal();
const localSweep = setInterval(sweepLocal, 60 * 60 * 1000);

// Jobs a killed worker left running, and assets with no job, are seen to at once and then every few seconds.
const recover = () =>
  recoverJobs({ db, jobs, log, staleSeconds: config.MEDIA_JOB_STALE_SECONDS }).catch((error: Error) =>
    log.warn({ err: error.message }, 'job recovery failed'),
  );
await recover();
const recovery = setInterval(recover, Math.max(1_000, (config.MEDIA_JOB_STALE_SECONDS * 1000) / 2));
log.info(
  { ffmpeg, concurrency: config.MEDIA_WORKER_CONCURRENCY, storage: storage.name },
  'media worker ready',
);

async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  log.info({ signal }, 'media worker stopping');
  clearInterval(recovery);
  clearInterval(localSweep);
  // Running jobs get a few seconds to finish; any still running are taken back by the next worker's recovery.
  // Within the launcher's (and Kubernetes') grace before SIGKILL, so the worker ends its own ffmpeg runs.
  await jobs.stop(config.MEDIA_STOP_GRACE_SECONDS * 1000).catch(() => undefined);
  // Runs still going are ended, never orphaned: an ffmpeg left behind would keep writing into storage.
  await endRunningFfmpeg();
  await db.destroy().catch(() => undefined);
  process.exit(0);
}
process.on('SIGTERM', () => void stop('SIGTERM'));
process.on('SIGINT', () => void stop('SIGINT'));
