import { afterAll, describe, expect, it } from 'vitest';
import { createBroadcast } from './broadcast';
import { freePort, startTestRedis, testLog, until, untilSubscribed, type TestRedis } from './testing';

let server: TestRedis | undefined;

afterAll(async () => {
  await server?.kill();
});

describe('createBroadcast', () => {
  it("delivers a fresh publisher's very first message (a one-off job publishes only one)", async () => {
    server = await startTestRedis(await freePort());
    const url = server.url;
    const listener = createBroadcast({ redisUrl: url, log: testLog });
    const heard: string[] = [];
    let subscribed = false;
    listener.subscribe(
      'test:first',
      (message) => heard.push(message),
      () => (subscribed = true),
    );
    await until(() => subscribed);
    await untilSubscribed(url, 'test:first');
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
