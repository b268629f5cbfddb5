import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_VIDEOS, demoAssetId } from '@catalyst/demo';
import { testLog, testUsers } from '@catalyst/service-kit/testing';
import { seedDemo } from '../seed';
import { createTestContext, makeVideo } from '../test-support';
import { JOBS_SCHEMA, PROCESS_QUEUE } from './queue';
import { recoverJobs, sweepOrphans } from './recovery';

const WORKER = path.resolve(import.meta.dirname, '../worker.ts');

describe('processing jobs survive a killed worker', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    t = await createTestContext();
  });
  // Each check has the queue to itself: the workers of the one before are gone.
  afterEach(async () => {
    await Promise.all(
      workers
        .splice(0)
        .map((worker) =>
          worker.exitCode !== null || worker.signalCode !== null
            ? undefined
            : new Promise((resolve) => (worker.once('exit', resolve), worker.kill('SIGKILL'))),
        ),
    );
  });
  afterAll(() => t.close());

  const startWorker = (env: NodeJS.ProcessEnv = {}) => {
    const worker = spawn(process.execPath, ['--import', 'tsx', WORKER], {
      env: {
        ...process.env,
        ...t.env,
        MEDIA_JOB_STALE_SECONDS: '2',
        LOG_LEVEL: 'silent',
        NODE_ENV: 'test',
        ...env,
      },
      stdio: 'ignore',
    });
    workers.push(worker);
    return worker;
  };
  const row = (id: string) =>
    t.db.selectFrom('assets').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  // Every ffmpeg of a run works in a folder of its own named after the asset (`parent`: those this worker started).
  const ffmpegRuns = (id: string, parent?: number) =>
    spawnSync('pgrep', [...(parent ? ['-P', String(parent)] : []), '-f', `catalyst-media-work/${id}-`])
      .stdout.toString()
      .trim();
  /**
   * Starts two workers at once and waits until one of them is transcoding the asset (its run has recorded
   * progress and its ffmpeg is running): answers that one. The other stays idle while the job is taken.
   */
  const startTwoWorkers = async (id: string, env: NodeJS.ProcessEnv = {}) => {
    const pair = [startWorker(env), startWorker(env)];
    const busy = () => pair.filter((worker) => ffmpegRuns(id, worker.pid) !== '');
    await expect
      .poll(async () => (await row(id)).progress, { timeout: 30_000, interval: 50 })
      .toBeGreaterThan(0);
    await expect.poll(() => busy().length, { timeout: 10_000, interval: 50 }).toBe(1);
    return busy()[0]!;
  };
  /** Kills a worker mid-run without warning, and its ffmpeg with it, as a machine going away would. */
  const killMidRun = async (worker: ChildProcess, id: string) => {
    // (never an empty line: process.kill(0) would signal the test's own process group)
    const runs = ffmpegRuns(id, worker.pid).split('\n').filter(Boolean).map(Number);
    const exited = new Promise((resolve) => worker.once('exit', resolve));
    worker.kill('SIGKILL');
    await exited;
    for (const pid of runs) process.kill(pid, 'SIGKILL');
  };
  const jobs = async (id: string) =>
    (
      await sql<{
        state: string;
        retry_count: number;
      }>`select state, retry_count from ${sql.table(`${JOBS_SCHEMA}.job`)} where name = ${PROCESS_QUEUE} and singleton_key = ${id}`.execute(
        t.db,
      )
    ).rows;
  /**
   * Waits until the stopped run's job is back in the queue waiting for its retry, then brings the retry
   * forward: the queue's own wait before one (5–10 s) is not what these checks are about.
   */
  const handedBack = async (id: string) => {
    await expect
      .poll(() => jobs(id), { timeout: 60_000, interval: 100 })
      .toEqual([{ state: 'retry', retry_count: 0 }]);
    await sql`update ${sql.table(`${JOBS_SCHEMA}.job`)} set start_after = now() where name = ${PROCESS_QUEUE} and singleton_key = ${id} and state = 'retry'`.execute(
      t.db,
    );
  };
  // A 360p source makes a one-rendition ladder (the full ladder is assets.test.ts's); 12 s keeps a run going
  // well past the moment its worker is stopped, even on an idle machine.
  const SOURCE = { seconds: 12, height: 360 };

  it('takes a job back from a worker killed mid-run and completes it exactly once with another', async () => {
    const source = readFileSync(makeVideo(t.dataDir, { ...SOURCE, name: 'long.mp4' }));
    const { id } = await t.upload(source, 'long.mp4', 'video/mp4');

    // The worker that takes the job is killed without warning once it is transcoding; the other is the next.
    await killMidRun(await startTwoWorkers(id), id);
    expect((await row(id)).status).toBe('processing');

    await handedBack(id);
    await expect.poll(async () => (await row(id)).status, { timeout: 60_000, interval: 250 }).toBe('ready');

    const ready = await row(id);
    // One published run: the killed run's folder never became the asset's, and nothing of it remains published.
    const runs = readdirSync(path.join(t.dataDir, 'media/assets', id));
    expect(runs).toHaveLength(1);
    expect(ready.output_prefix).toBe(`assets/${id}/${runs[0]}/`);
    // pg-boss records the job's outcome after the handler has returned (the asset is ready a moment before).
    await expect
      .poll(() => jobs(id), { timeout: 10_000, interval: 100 })
      .toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 120_000);

  it('a worker told to stop mid-run ends its ffmpeg before exiting, and the next worker completes the job', async () => {
    const source = readFileSync(makeVideo(t.dataDir, { ...SOURCE, name: 'stopped.mp4' }));
    const { id } = await t.upload(source, 'stopped.mp4', 'video/mp4');

    const first = await startTwoWorkers(id, { MEDIA_STOP_GRACE_SECONDS: '0' });
    first.kill('SIGTERM');
    const exit = await new Promise((resolve) =>
      first.once('exit', (code, signal) => resolve({ code, signal })),
    );
    expect(exit).toEqual({ code: 0, signal: null });
    // Nothing of the stopped run goes on writing after its worker is gone.
    expect(ffmpegRuns(id)).toBe('');
    expect((await row(id)).status).toBe('processing');

    await handedBack(id);
    await expect.poll(async () => (await row(id)).status, { timeout: 60_000, interval: 250 }).toBe('ready');
  }, 120_000);

  it('a video processed again keeps what it had through a killed worker, and the next worker swaps in the new encode', async () => {
    const source = readFileSync(makeVideo(t.dataDir, { ...SOURCE, name: 'again.mp4' }));
    const { id } = await t.upload(source, 'again.mp4', 'video/mp4');
    expect(await t.process(id)).toBe('ready');
    const published = (await row(id)).output_prefix;
    expect((await t.request(testUsers.admin, 'POST', `/media/assets/${id}/reprocess`)).status).toBe(202);

    await killMidRun(await startTwoWorkers(id), id);
    expect(await row(id)).toMatchObject({ status: 'ready', output_prefix: published });

    await handedBack(id);
    await expect
      .poll(async () => (await row(id)).reprocess_requested_at, { timeout: 60_000, interval: 250 })
      .toBeNull();
    const swapped = await row(id);
    expect(swapped).toMatchObject({ status: 'ready', reason: null });
    expect(swapped.output_prefix).not.toBe(published);
    // the new encode and, until its retirement, the one it replaced; nothing of the killed run
    expect(readdirSync(path.join(t.dataDir, 'media/assets', id)).sort()).toEqual(
      [published, swapped.output_prefix].map((prefix) => prefix!.split('/')[2]).sort(),
    );
  }, 120_000);

  it('gives a job to every asset waiting without one (the demo lessons after a fresh seed)', async () => {
    await seedDemo(t.db, testLog);
    const result = await recoverJobs({ db: t.db, jobs: t.jobs, log: testLog, staleSeconds: 30 });
    expect(result.queued).toBeGreaterThanOrEqual(DEMO_VIDEOS.length);
    const queued = await sql<{
      singleton_key: string;
    }>`select singleton_key from ${sql.table(`${JOBS_SCHEMA}.job`)} where name = ${PROCESS_QUEUE} and state in ('created', 'retry', 'active')`.execute(
      t.db,
    );
    for (const video of DEMO_VIDEOS)
      expect(queued.rows.map((r) => r.singleton_key)).toContain(demoAssetId(video));
    // Asked again, nothing is queued twice.
    expect((await recoverJobs({ db: t.db, jobs: t.jobs, log: testLog, staleSeconds: 30 })).queued).toBe(0);
  });

  it('processes again, after start, the demo lessons an earlier ladder made (an install from before it changed)', async () => {
    const demo = DEMO_VIDEOS.map((video) => demoAssetId(video));
    await t.db
      .updateTable('assets')
      .set({ status: 'ready', ladder: null, output_prefix: 'assets/demo/old/' })
      .where('id', 'in', demo)
      .execute();
    await seedDemo(t.db, testLog);
    const rows = await t.db
      .selectFrom('assets')
      .select(['id', 'status', 'reprocess_requested_at'])
      .where('id', 'in', demo)
      .execute();
    expect(rows).toHaveLength(DEMO_VIDEOS.length);
    for (const row of rows)
      expect(row).toMatchObject({ status: 'ready', reprocess_requested_at: expect.any(Date) });
    await recoverJobs({ db: t.db, jobs: t.jobs, log: testLog, staleSeconds: 30 });
    const queued = await sql<{
      singleton_key: string;
    }>`select singleton_key from ${sql.table(`${JOBS_SCHEMA}.job`)} where name = ${PROCESS_QUEUE} and state in ('created', 'retry', 'active')`.execute(
      t.db,
    );
    for (const id of demo) expect(queued.rows.map((r) => r.singleton_key)).toContain(id);
  });
});

describe('unfinished uploads', () => {
  let t: Awaited<ReturnType<typeof createTestContext>>;
  beforeAll(async () => {
    t = await createTestContext();
  });
  afterAll(() => t.close());

  it('are removed, bytes and row, once nobody has touched them for the configured hours; recent ones stay', async () => {
    const old = await t.createUpload(1000, 'abandoned.mp4', 'video/mp4');
    await t.patch(old, 0, new Uint8Array(100));
    const recent = await t.createUpload(1000, 'in-progress.mp4', 'video/mp4');
    await t.db
      .updateTable('assets')
      .set({ updated_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('id', '=', old)
      .execute();

    expect(await sweepOrphans({ db: t.db, storage: t.storage, log: testLog, hours: 24 })).toBe(1);
    expect(await t.db.selectFrom('assets').select('id').where('id', 'in', [old, recent]).execute()).toEqual([
      { id: recent },
    ]);
    expect(existsSync(path.join(t.dataDir, 'media/uploads', old))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'media/uploads', recent))).toBe(true);
  });
});
