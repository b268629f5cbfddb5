import type { Context } from 'hono';
import { describe, expect, it } from 'vitest';
import type { GatheredSave, Identity } from '@catalyst/contracts';
import { signIdentity, type AppEnv } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, testLog, testUsers } from '@catalyst/service-kit/testing';
import type { ProgressSaving } from './progress.handlers';
import { createSaveBatchHandler } from './save-batch';

const context = { get: () => 'batch-request' } as unknown as Context<AppEnv>;
const productId = (checkTurns: number) => `${'a'.repeat(23)}${checkTurns}`;
const turn = () => new Promise((resolve) => setImmediate(resolve));

describe("a gathered batch's saves", () => {
  it('are stored in one pass, in the batch’s order, once every save is checked', async () => {
    const stored: string[] = [];
    let storedInFirstPass = 0;
    const saving = {
      // A product id's last digit: how many turns its check takes, so the learners' checks end at different times.
      async prepare(id: string) {
        for (let n = 0; n < Number(id.slice(-1)); n++) await turn();
        return { progress: 10, lastPosition: 1, completed: false, clientTime: null };
      },
      async store(userId: string, id: string) {
        if (stored.length === 0) queueMicrotask(() => (storedInFirstPass = stored.length));
        stored.push(`${userId} ${id}`);
        return { data: { productId: id }, message: 'Progress saved' };
      },
    } as unknown as ProgressSaving;
    const handler = createSaveBatchHandler({
      saving,
      premium: async () => undefined,
      secret: TEST_INTERNAL_SECRET,
      log: testLog,
    });
    const save = (user: Identity, checkTurns: number, n: number): GatheredSave => ({
      identity: signIdentity(user, TEST_INTERNAL_SECRET),
      productId: productId(checkTurns),
      body: JSON.stringify({ progress: 10, lastPosition: 1 }),
      requestId: `save-${n}`,
    });
    const saves = [
      save(testUsers.subscriber, 3, 1),
      save(testUsers.learner, 0, 2),
      save(testUsers.subscriber, 1, 3),
      save(testUsers.learner, 2, 4),
    ];
    const result = await handler(
      {
        body: { saves },
        params: undefined,
        query: undefined,
        identity: null,
        requestId: 'batch',
        log: testLog,
      },
      context,
    );
    expect('answers' in result && result.answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(stored).toEqual([
      `${testUsers.subscriber.id} ${productId(3)}`,
      `${testUsers.learner.id} ${productId(0)}`,
      `${testUsers.subscriber.id} ${productId(1)}`,
      `${testUsers.learner.id} ${productId(2)}`,
    ]);
    expect(storedInFirstPass).toBe(4);
  });
});
