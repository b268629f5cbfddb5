import { spawn } from 'node:child_process';
import { Redis } from 'ioredis';

/** A free loopback port below the OS's own range (see ports.ts): tests' Redis and servers listen on it. */
export { freePort } from '../ports';

export interface TestRedis {
  url: string;
  /** SIGKILL (an outage, not a shutdown); resolves once the process is gone. */
  kill: () => Promise<void>;
}

/**
 * A real redis-server on loopback for tests that need one (outages, pub/sub); it must be installed.
 * `args` adds to the defaults, e.g. persistence so a restart comes back with its old data.
 */
export async function startTestRedis(
  port: number,
  args: string[] = ['--save', '', '--appendonly', 'no'],
): Promise<TestRedis> {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', ...args]);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on(
      'data',
      (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve(),
    );
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
  });
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () =>
      child.exitCode !== null
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            child.once('exit', () => resolve());
            child.kill('SIGKILL');
          }),
  };
}

/** Polls `probe` until it holds or `ms` pass (then returns; the test's own assertion reports it). */
export async function until(
  probe: () => boolean | Promise<boolean>,
  ms = 5_000,
  everyMs = 20,
): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await probe()) && Date.now() < deadline) await new Promise((r) => setTimeout(r, everyMs));
}

/**
 * Waits until at least `count` connections listen on `channel` of this Redis (PUBSUB NUMSUB): a message
 * published after it reaches every one of them. A subscriber's own "ready" comes before its SUBSCRIBE lands.
 */
export async function untilSubscribed(
  redisUrl: string,
  channel: string,
  count = 1,
  ms = 5_000,
): Promise<void> {
  const redis = new Redis(redisUrl, { maxRetriesPerRequest: 1 });
  try {
    await until(async () => {
      const [, listeners] = (await redis.pubsub('NUMSUB', channel)) as [string, number];
      return Number(listeners) >= count;
    }, ms);
  } finally {
    redis.disconnect();
  }
}
