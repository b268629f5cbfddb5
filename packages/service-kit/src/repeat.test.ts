import { describe, expect, it } from 'vitest';
import { repeatEvery } from './repeat';

const sleep = (ms: number) => new Promise((done) => setTimeout(done, ms));

describe('repeatEvery', () => {
  it('runs the step again and again, never twice at once, logs a failed round and goes on; stop waits for a run', async () => {
    const warnings: string[] = [];
    let runs = 0;
    let open = 0;
    let most = 0;
    const repeating = repeatEvery({
      name: 'the test job',
      everyMs: 5,
      firstAfterMs: 0,
      log: { warn: (_: unknown, message: string) => warnings.push(message) } as never,
      async step() {
        runs += 1;
        open += 1;
        most = Math.max(most, open);
        await sleep(12);
        open -= 1;
        if (runs === 2) throw new Error('boom');
      },
    });
    await expect.poll(() => runs, { timeout: 2_000 }).toBeGreaterThanOrEqual(3);
    await repeating.stop();
    expect(open).toBe(0);
    expect(most).toBe(1);
    expect(warnings).toEqual(['the test job: this round failed, the next one tries again']);
    const stoppedAt = runs;
    await sleep(30);
    expect(runs).toBe(stoppedAt);
  });
});
