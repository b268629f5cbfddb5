import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { createBroadcast } from './broadcast';
import { testLog } from './testing';

let server: ChildProcess | undefined;

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

async function startRedis(port: number) {
  const child = spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no']);
  await new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Ready to accept connections') && resolve());
    child.once('exit', (code) => reject(new Error(`redis-server exited ${code}`)));
  });
  server = child;
}

const until = async (probe: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!probe() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 20));
};

afterAll(() => {
  server?.kill('SIGKILL');
});

describe('createBroadcast', () => {
  it("delivers a fresh publisher's very first message (a one-off job publishes only one)", async () => {
    const port = await freePort();
    await startRedis(port);
    const url = `redis://127.0.0.1:${port}`;
    const listener = createBroadcast({ redisUrl: url, log: testLog });
    const heard: string[] = [];
    let subscribed = false;
    listener.subscribe('test:first', (message) => heard.push(message), () => (subscribed = true));
    await until(() => subscribed);
    // A subscription is live once Redis has confirmed it; give the SUBSCRIBE a moment after ready.
    await new Promise((r) => setTimeout(r, 100));
    const job = createBroadcast({ redisUrl: url, log: testLog });
    await job.publish('test:first', 'user-1');
    await job.close();
    await until(() => heard.length > 0);
    expect(heard).toEqual(['user-1']);
    await listener.close();
  });

  it('gives up on an unreachable Redis within about a second instead of holding the writer', async () => {
    const port = await freePort();
    const broadcast = createBroadcast({ redisUrl: `redis://127.0.0.1:${port}`, log: testLog });
    const started = Date.now();
    await broadcast.publish('test:down', 'x');
    await broadcast.publish('test:down', 'y');
    expect(Date.now() - started).toBeLessThan(2_500);
    await broadcast.close();
  });
});
