import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createDb } from '@catalyst/service-kit';
import { createTestDatabase, testLog } from '@catalyst/service-kit/testing';
import { JOBS_SCHEMA, PROCESS_QUEUE, RETIRE_QUEUE, startJobs, SWEEP_QUEUE, type MediaJobs } from './queue';

describe('the job queue at start', () => {
  const started: MediaJobs[] = [];
  afterAll(async () => {
    await Promise.all(started.map((jobs) => jobs.stop(0).catch(() => undefined)));
  });

  it('starts in the service and several workers at once on a fresh database, with each of its queues made once (pg-boss keeps queues of its own beside them)', async () => {
    const database = await createTestDatabase();
    // What `npm start` does with REPLICAS=2: two services and two workers reach an empty database together.
    const all = await Promise.allSettled(
      [false, false, true, true].map((supervise) =>
        startJobs({ connectionString: database.url, log: testLog, supervise }),
      ),
    );
    for (const result of all) if (result.status === 'fulfilled') started.push(result.value);
    expect(all.map((result) => (result.status === 'rejected' ? String(result.reason) : 'started'))).toEqual([
      'started',
      'started',
      'started',
      'started',
    ]);

    const db = createDb<Record<string, never>>({
      connectionString: database.url,
      schema: JOBS_SCHEMA,
      poolSize: 1,
    });
    try {
      const queues = await sql<{
        name: string;
      }>`select name from ${sql.table(`${JOBS_SCHEMA}.queue`)} where name not like ${'__pgboss%'} order by name`.execute(
        db,
      );
      expect(queues.rows.map((row) => row.name)).toEqual([PROCESS_QUEUE, RETIRE_QUEUE, SWEEP_QUEUE].sort());
    } finally {
      await db.destroy();
    }
  }, 60_000);
});
