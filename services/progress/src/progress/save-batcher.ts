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
 * one commit), so a busy moment costs Postgres and the driver far less per save.
 * A learner is in at most one batch at a time: every save of a learner also adds to that learner's row of
 * the day in `learning_days`, which Postgres locks until the statement commits, so two statements of one
 * learner could only wait for each other (and two batches holding the same two learners in opposite
 * orders could deadlock). A learner's next saves, one per product, travel together in the next batch
 * instead, and saves of one (user, product) still reach Postgres in arrival order.
 */
export function createSaveBatcher(db: Kysely<Database>, { maxInFlight = 4, maxBatch = 200 } = {}) {
  let queue: Pending[] = [];
  let inFlight = 0;
  /** Learners with a batch in flight. */
  const busyUsers = new Set<string>();

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const taken = new Set<string>();
      const users = new Set<string>();
      for (const item of queue) {
        if (batch.length < maxBatch && !taken.has(item.key) && !busyUsers.has(item.userId)) {
          taken.add(item.key);
          users.add(item.userId);
          batch.push(item);
        } else {
          rest.push(item);
        }
      }
      queue = rest;
      if (batch.length === 0) return;
      metrics.progressBatchSize.observe(batch.length);
      inFlight += 1;
      for (const user of users) busyUsers.add(user);
      void run(batch).finally(() => {
        inFlight -= 1;
        for (const user of users) busyUsers.delete(user);
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
