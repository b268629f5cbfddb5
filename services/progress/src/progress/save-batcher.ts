import type { Kysely } from 'kysely';
import type { ProgressWriteResult } from '@catalyst/contracts';
import { isUnavailableError, metrics } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { saveProgressMany, type ProgressWrite, type SaveItem } from './progress.repository';

interface Pending extends SaveItem {
  resolve: (result: ProgressWriteResult) => void;
  reject: (error: unknown) => void;
}

/**
 * Group commit for progress saves. The saves queued in one go (before the next microtask: a gathered batch's,
 * stored in one pass) are sent together once a connection is free; while batches are in flight, the next saves
 * queue and then travel together as one multi-row upsert (one statement, one commit), so a busy moment costs
 * Postgres and the driver far less per save.
 * A learner is in at most one batch at a time: every save of a learner also adds to that learner's row of
 * the day in `learning_days`, which Postgres locks until the statement commits, so two statements of one
 * learner could only wait for each other (and two batches holding the same two learners in opposite
 * orders could deadlock). A learner's next saves travel together in the next batch instead, however many of
 * them are of one product: the statement applies those in arrival order and writes the row once, so a learner
 * saving faster than a statement's round trip is answered a batch later, not a batch per save of a product.
 */
export function createSaveBatcher(db: Kysely<Database>, { maxInFlight = 4, maxBatch = 200 } = {}) {
  let queue: Pending[] = [];
  let inFlight = 0;
  let pumpQueued = false;
  /** Learners with a batch in flight. */
  const busyUsers = new Set<string>();

  function pump() {
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch: Pending[] = [];
      const rest: Pending[] = [];
      const users = new Set<string>();
      for (const item of queue) {
        if (batch.length < maxBatch && !busyUsers.has(item.userId)) {
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
      // Saves of one row one after another, in arrival order; rows side by side.
      const byRow = new Map<string, Pending[]>();
      for (const item of batch) {
        const row = `${item.userId}\u0000${item.productId}`;
        const saves = byRow.get(row);
        if (saves) saves.push(item);
        else byRow.set(row, [item]);
      }
      await Promise.all(
        [...byRow.values()].map(async (saves) => {
          for (const item of saves) {
            await saveProgressMany(db, [item]).then(
              ([result]) => item.resolve(result!),
              (e: unknown) => item.reject(e),
            );
          }
        }),
      );
    }
  }

  return {
    save(userId: string, productId: string, write: ProgressWrite): Promise<ProgressWriteResult> {
      return new Promise((resolve, reject) => {
        queue.push({ userId, productId, write, resolve, reject });
        // After every pump each queued save's learner is busy (or every slot is): a save of a busy learner
        // starts nothing, so the queue is not walked for it (a learner's burst walked it once a save). Else the
        // pump waits for the end of the current task's synchronous work, so saves queued in one pass (a
        // gathered batch's) leave as one statement, not the first ones alone and the rest together.
        if (busyUsers.has(userId) || pumpQueued) return;
        pumpQueued = true;
        queueMicrotask(() => {
          pumpQueued = false;
          pump();
        });
      });
    },
  };
}
export type SaveBatcher = ReturnType<typeof createSaveBatcher>;
