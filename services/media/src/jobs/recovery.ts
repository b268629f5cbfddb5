import { sql, type Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { markFailed } from '../processing/process-asset';
import { SCHEMA } from '../setup';
import { JOBS_SCHEMA, PROCESS_QUEUE, type MediaJobs } from './queue';

/**
 * Jobs whose worker died: a running job whose asset has not heard from it for `staleSeconds` is failed
 * back to the queue, which runs it again (its retry count grows; past the limit the asset fails, saying
 * so). Assets waiting to be processed with no job at all (the demo lessons, a crash between an upload's
 * last byte and its job) get one. A ready video being processed again counts as waiting.
 */
export async function recoverJobs({
  db,
  jobs,
  log,
  staleSeconds,
}: {
  db: Kysely<Database>;
  jobs: MediaJobs;
  log: Logger;
  staleSeconds: number;
}) {
  const stalled = await sql<{ id: string; asset_id: string; retry_count: number; retry_limit: number }>`
    select j.id, a.id as asset_id, j.retry_count, j.retry_limit
    from ${sql.table(`${JOBS_SCHEMA}.job`)} j
    join ${sql.table(`${SCHEMA}.assets`)} a on a.id = j.data->>'assetId'
    where j.name = ${PROCESS_QUEUE} and j.state = 'active' and (a.status = 'processing' or a.reprocess_requested_at is not null)
      and coalesce(a.heartbeat_at, j.started_on) < now() - make_interval(secs => ${staleSeconds})
  `.execute(db);
  for (const job of stalled.rows) {
    log.warn(
      { assetId: job.asset_id, jobId: job.id, retry: job.retry_count },
      'processing job stalled (its worker stopped): running it again',
    );
    // The stalled run may not publish: its attempt is no longer the asset's.
    await db
      .updateTable('assets')
      .set({ attempt: null, heartbeat_at: null })
      .where('id', '=', job.asset_id)
      .execute();
    if (job.retry_count >= job.retry_limit)
      await markFailed(
        db,
        job.asset_id,
        'Processing was interrupted too many times; retry it when the workers are healthy',
      );
    await jobs.boss.fail(PROCESS_QUEUE, job.id, { reason: 'worker stopped' });
  }

  const stranded = await sql<{ id: string }>`
    select a.id from ${sql.table(`${SCHEMA}.assets`)} a
    where (a.status = 'processing' or a.reprocess_requested_at is not null) and not exists (
      select 1 from ${sql.table(`${JOBS_SCHEMA}.job`)} j
      where j.name = ${PROCESS_QUEUE} and j.singleton_key = a.id and j.state in ('created', 'retry', 'active')
    )
  `.execute(db);
  for (const { id } of stranded.rows) await jobs.enqueue(id);
  if (stranded.rows.length > 0) log.info({ assets: stranded.rows.length }, 'queued assets that had no job');
  return { stalled: stalled.rows.length, queued: stranded.rows.length };
}

/** Uploads nobody finished within `hours` are removed, bytes and row. */
export async function sweepOrphans({
  db,
  storage,
  log,
  hours,
}: {
  db: Kysely<Database>;
  storage: { removeUpload(id: string): Promise<void> };
  log: Logger;
  hours: number;
}) {
  const old = await db
    .selectFrom('assets')
    .select('id')
    .where('status', '=', 'uploading')
    .where('updated_at', '<', new Date(Date.now() - hours * 3_600_000))
    .limit(1000)
    .execute();
  for (const { id } of old) {
    await storage.removeUpload(id);
    await db.deleteFrom('assets').where('id', '=', id).where('status', '=', 'uploading').execute();
  }
  if (old.length > 0) log.info({ uploads: old.length }, 'unfinished uploads removed');
  return old.length;
}
