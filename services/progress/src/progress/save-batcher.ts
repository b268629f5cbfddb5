import type { Kysely } from 'kysely';
import type { ProgressWriteResult } from '@catalyst/contracts';
import { isUnavailableError, metrics } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { saveProgressMany, type ProgressWrite, type SaveItem } from './progress.repository';

interface Pending extends SaveItem {
  key: string;
  resolve: (result: ProgressWriteResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for progress saves. A save is sent at once when a connection is free; while batches are
 * in flight, the next saves queue and then travel together as one multi-row upsert (one statement,
 * one commit), so a busy moment costs Postgres and the driver far less per save. A (user, product) is
 * never in two batches at the same time, so saves of one row still reach Postgres in arrival order.
 */
export function createSaveBatcher(db: Kysely<Database>, { maxInFlight = 4, maxBatch = 200 } = {}) {
  let queue: Pending[] = [];
  let inFlight = 0;
  const busyKeys = new Set<string>();

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const taken = new Set<string>();
      for (const item of queue) {
        if (batch.length < maxBatch && !taken.has(item.key) && !busyKeys.has(item.key)) {
          taken.add(item.key);
          batch.push(item);
        } else {
          rest.push(item);
        }
      }
      queue = rest;
      if (batch.length === 0) return;
      metrics.progressBatchSize.observe(batch.length);
      inFlight += 1;
      for (const key of taken) busyKeys.add(key);
      void run(batch).finally(() => {
        inFlight -= 1;
        for (const key of taken) busyKeys.delete(key);
        pump();
      });
    }
  }

  async function run(batch: Pending[]) {
    try {
      const results = await saveProgressMany(db, batch);
      batch.forEach((item, i) => item.resolve(results[i]!));
    } catch (error) {
      // One bad row must not fail its neighbours: unless Postgres itself is out of reach, retry alone.
      if (batch.length === 1 || isUnavailableError(error)) {
        for (const item of batch) item.reject(error);
        return;
      }
      await Promise.all(
        batch.map((item) =>
          saveProgressMany(db, [item]).then(
            ([result]) => item.resolve(result!),
            (e: unknown) => item.reject(e),
          ),
        ),
      );
    }
  }

  return {
    save(userId: string, productId: string, write: ProgressWrite): Promise<ProgressWriteResult> {
      return new Promise((resolve, reject) => {
        queue.push({ userId, productId, write, key: `${userId}\u0000${productId}`, resolve, reject });
        pump();
      });
    },
  };
}
export type SaveBatcher = ReturnType<typeof createSaveBatcher>;
