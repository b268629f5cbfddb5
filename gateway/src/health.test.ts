import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureLog, sendJson, startWorld } from './testing/upstreams';

describe('GET /api/v1/health', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    // A second for an answer: under a loaded CI machine a loopback probe has taken longer than 200 ms.
    world = await startWorld({ HEALTH_TIMEOUT_MS: '1000' });
  });
  afterAll(() => world.close());

  it('reports ok with 200 when every service answers', async () => {
    const response = await fetch(`${world.gateway.url}/api/v1/health`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      success: true,
      data: {
        status: 'ok',
        services: { auth: 'ok', content: 'ok', progress: 'ok', billing: 'ok', media: 'ok', community: 'ok' },
      },
    });
    expect(world.billing.seen.at(-1)?.url).toBe('/health');
  });

  it('reports degraded with 503 when a service fails, is slow or is down', async () => {
    world.billing.handle((req, res) => {
      if (req.url !== '/health') return false;
      sendJson(res, 503, { success: false, message: 'billing is unhealthy' });
      return true;
    });
    world.progress.handle((req) =>
      req.url === '/health' ? new Promise<boolean>((r) => setTimeout(() => r(false), 4_000)) : false,
    );
    await world.auth.close();
    try {
      // The aggregate of the test above is shared for a second: asked until a call starts a new round.
      let ms = 0;
      let body: { success?: boolean; data?: unknown } = {};
      await expect
        .poll(
          async () => {
            const started = Date.now();
            const response = await fetch(`${world.gateway.url}/api/v1/health`);
            ms = Date.now() - started;
            body = await response.json();
            return response.status;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(503);
      // The slow service (4 s) is given up at HEALTH_TIMEOUT_MS (1 s).
      expect(ms).toBeLessThan(3_000);
      expect(body.success).toBe(false);
      expect(body.data).toEqual({
        status: 'degraded',
        services: {
          auth: 'down',
          content: 'ok',
          progress: 'down',
          billing: 'down',
          media: 'ok',
          community: 'ok',
        },
      });
    } finally {
      world.billing.handle(undefined);
      world.progress.handle(undefined);
    }
  });
});

describe('GET /api/v1/health under load', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld({ HEALTH_TIMEOUT_MS: '500' });
  });
  afterAll(() => world.close());

  const healthAsks = () => world.billing.seen.filter((r) => r.url === '/health').length;

  it('asks each service at most once a second, however many callers: 100 concurrent calls share one round', async () => {
    // A slow service: every caller of this second waits for the same round in flight.
    world.billing.handle((req) =>
      req.url === '/health' ? new Promise<boolean>((r) => setTimeout(() => r(false), 100)) : false,
    );
    try {
      const before = healthAsks();
      const started = performance.now();
      const answers = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${world.gateway.url}/api/v1/health`)),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200));
      expect(healthAsks() - before).toBe(1);
      // Within the second: the kept answer, nothing asked. A machine too busy to send the 100 within it may see the
      // next second's one round, never more.
      const again = await Promise.all(
        Array.from({ length: 100 }, () => fetch(`${world.gateway.url}/api/v1/health`)),
      );
      expect(again.every((a) => a.status === 200)).toBe(true);
      const secondsSince = Math.floor((performance.now() - started) / 1_000);
      const asked = healthAsks() - before;
      expect(asked).toBeLessThanOrEqual(1 + secondsSince);
      // After it: 50 concurrent callers at a time until one round is asked, and only one.
      await expect
        .poll(
          async () => {
            await Promise.all(Array.from({ length: 50 }, () => fetch(`${world.gateway.url}/api/v1/health`)));
            return healthAsks() - before;
          },
          { timeout: 10_000, interval: 50 },
        )
        .toBe(asked + 1);
    } finally {
      world.billing.handle(undefined);
    }
  });
});

describe('POST /api/v1/client-errors', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  const { log, lines } = captureLog();
  beforeAll(async () => {
    world = await startWorld({ CLIENT_ERRORS_PER_MINUTE: '5' }, { log });
  });
  afterAll(() => world.close());
  const report = (body: string) =>
    fetch(`${world.gateway.url}/api/v1/client-errors`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });

  it('accepts a report with 202 and logs it at error level', async () => {
    const response = await report(
      JSON.stringify({ message: 'Remote catalog failed to load', remote: 'catalog', url: '/browse' }),
    );
    expect(response.status).toBe(202);
    expect(await response.json()).toEqual({ success: true, data: { received: true } });
    const line = lines.find((l) => l.msg === 'client error reported');
    expect(line?.level).toBe(50);
    expect(line?.report).toMatchObject({ message: 'Remote catalog failed to load', remote: 'catalog' });
  });

  it('refuses a report without a message, malformed JSON and oversized bodies', async () => {
    const missing = await report(JSON.stringify({ stack: 'x' }));
    expect(missing.status).toBe(400);
    expect((await missing.json()).errors[0].field).toBe('message');
    expect((await report('{nope')).status).toBe(400);
    expect((await report(JSON.stringify({ message: 'x'.repeat(20_000) }))).status).toBe(413);
  });

  it('rate limits reports per client address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++)
      statuses.push((await report(JSON.stringify({ message: `boom ${i}` }))).status);
    // Five attempts a minute, invalid ones included: four were used above.
    expect(statuses).toEqual([202, 429, 429]);
    const limited = await report(JSON.stringify({ message: 'again' }));
    expect(limited.status).toBe(429);
    expect(limited.headers.get('retry-after')).toBe('60');
    expect((await limited.json()).success).toBe(false);
  });
});
