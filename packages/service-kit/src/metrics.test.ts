import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService } from './app';
import { sharedCheck } from './health';
import { metricsRegistry, observeRequest, startMetricsServer } from './metrics';
import { mountRoutes } from './routes';
import { testLog, TEST_INTERNAL_SECRET } from './testing';

const routes = {
  getThing: {
    method: 'GET',
    path: '/things/:id',
    service: 'content',
    access: 'public',
    summary: 'One thing',
    params: z.object({ id: z.string() }),
    response: z.object({ id: z.string() }),
  },
} as const;

/** The value of one series in the text exposition, or undefined when absent. */
async function series(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await metricsRegistry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('request metrics', () => {
  const checks = { database: 0 };
  const app = createService({
    name: 'demo',
    log: testLog,
    internalSecret: TEST_INTERNAL_SECRET,
    checks: {
      database: async () => {
        checks.database += 1;
        await new Promise((r) => setTimeout(r, 20));
        return true;
      },
    },
  });
  mountRoutes(
    app,
    routes as never,
    { getThing: ({ params }: { params: { id: string } }) => ({ id: params.id }) } as never,
  );

  it('labels requests by the declared route template, never the raw URL; unknown paths share "unmatched"', async () => {
    for (const id of ['a1', 'b2', 'c3']) expect((await app.request(`/things/${id}`)).status).toBe(200);
    expect((await app.request('/nothing/here/42')).status).toBe(404);
    expect((await app.request('/nothing/else/43')).status).toBe(404);
    expect(
      await series('http_requests_total', { method: 'GET', route: '/things/:id', status: '200' }),
    ).toBeGreaterThanOrEqual(3);
    expect(
      await series('http_requests_total', { method: 'GET', route: 'unmatched', status: '404' }),
    ).toBeGreaterThanOrEqual(2);
    expect(
      await series('http_request_duration_seconds_count', { method: 'GET', route: '/things/:id' }),
    ).toBeGreaterThanOrEqual(3);
    const text = await metricsRegistry.metrics();
    for (const raw of ['a1', 'b2', '/nothing/here']) expect(text).not.toContain(raw);
  });

  it('puts each answer in its latency bucket, its status series and the sum, the same on every scrape', async () => {
    const route = '/buckets/:id';
    for (const seconds of [0.001, 0.002, 0.004, 0.3, 45]) observeRequest('GET', route, 200, seconds);
    observeRequest('GET', route, 503, 0.02);
    const bucket = (le: string) => series('http_request_duration_seconds_bucket', { route, le });
    for (let scrape = 0; scrape < 2; scrape += 1) {
      expect(await bucket('0.002')).toBe(2);
      expect(await bucket('0.005')).toBe(3);
      expect(await bucket('0.025')).toBe(4);
      expect(await bucket('0.5')).toBe(5);
      expect(await bucket('30')).toBe(5);
      expect(await bucket('+Inf')).toBe(6);
      expect(await series('http_request_duration_seconds_count', { route })).toBe(6);
      expect(await series('http_request_duration_seconds_sum', { route })).toBeCloseTo(45.327, 6);
      expect(await series('http_requests_total', { method: 'GET', route, status: '200' })).toBe(5);
      expect(await series('http_requests_total', { method: 'GET', route, status: '503' })).toBe(1);
    }
    observeRequest('GET', route, 200, 0.001);
    expect(await bucket('0.002')).toBe(3);
    expect(await series('http_requests_total', { method: 'GET', route, status: '200' })).toBe(6);
  });

  it('checks readiness at most once a second however many probes arrive, and answers liveness from memory', async () => {
    const before = checks.database;
    const answers = await Promise.all(Array.from({ length: 100 }, () => app.request('/health')));
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(checks.database - before).toBe(1);
    const more = await Promise.all(Array.from({ length: 100 }, () => app.request('/health')));
    expect(more.every((a) => a.status === 200)).toBe(true);
    expect(checks.database - before).toBe(1);
    const live = await Promise.all(Array.from({ length: 100 }, () => app.request('/livez')));
    expect(live.every((a) => a.status === 200)).toBe(true);
    expect(checks.database - before).toBe(1);
  });

  it('has no /metrics on the service port', async () => {
    expect((await app.request('/metrics')).status).toBe(404);
  });
});

describe('sharedCheck', () => {
  it('runs one check for concurrent callers and reuses its answer for the ttl; a failure is not kept', async () => {
    let now = 0;
    let runs = 0;
    let fail = false;
    const check = sharedCheck(
      async () => {
        runs += 1;
        if (fail) throw new Error('down');
        return runs;
      },
      1_000,
      () => now,
    );
    expect(await Promise.all([check(), check(), check()])).toEqual([1, 1, 1]);
    now = 999;
    expect(await check()).toBe(1);
    now = 1_000;
    expect(await check()).toBe(2);
    now = 2_000;
    fail = true;
    await expect(check()).rejects.toThrow('down');
    fail = false;
    expect(await check()).toBe(4);
  });
});

describe('the metrics listener', () => {
  let server: Awaited<ReturnType<typeof startMetricsServer>>;
  let url: string;
  beforeAll(async () => {
    server = await startMetricsServer({
      config: { METRICS_PORT: '0', METRICS_TOKEN: 'scrape-token-1234' },
      log: testLog,
    });
    url = `http://127.0.0.1:${(server!.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server?.close(r)));

  it('is off unless METRICS_PORT is set', async () => {
    expect(await startMetricsServer({ config: {} })).toBeUndefined();
    await expect(startMetricsServer({ config: { METRICS_PORT: 'nope' } })).rejects.toThrow('METRICS_PORT');
  });

  it('refuses to bind beyond loopback without a token of 16+ characters', async () => {
    for (const token of [undefined, '', 'short-token'])
      await expect(
        startMetricsServer({ config: { METRICS_PORT: '0', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: token } }),
      ).rejects.toThrow('METRICS_TOKEN (at least 16 characters) is required when METRICS_HOST (0.0.0.0)');
    const open = await startMetricsServer({
      config: { METRICS_PORT: '0', METRICS_HOST: '0.0.0.0', METRICS_TOKEN: 'scrape-token-1234' },
    });
    await new Promise((r) => open?.close(r));
  });

  it('serves the Prometheus exposition on its own port, only with the bearer token', async () => {
    expect((await fetch(`${url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer wrong-token-12345' } })).status,
    ).toBe(401);
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-token-1234' } });
    expect(scrape.status).toBe(200);
    expect(scrape.headers.get('content-type')).toContain('text/plain');
    const text = await scrape.text();
    expect(text).toContain('# TYPE http_requests_total counter');
    expect(text).toContain('nodejs_eventloop_lag_seconds');
    expect(
      (await fetch(`${url}/other`, { headers: { authorization: 'Bearer scrape-token-1234' } })).status,
    ).toBe(404);
  });

  it('keeps a scrape working when a gauge read at scrape time fails', async () => {
    const { gaugeAtScrape } = await import('./metrics');
    gaugeAtScrape('test_broken_source', 'A source that throws', ['x'], () => {
      throw new Error('database down');
    });
    const scrape = await fetch(`${url}/metrics`, { headers: { authorization: 'Bearer scrape-token-1234' } });
    expect(scrape.status).toBe(200);
    expect(await scrape.text()).toContain('# TYPE test_broken_source gauge');
  });
});

describe('a service served over HTTP', () => {
  it('answers /health and /livez without /metrics', async () => {
    const app = createService({ name: 'demo', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
    await new Promise((r) => server.once('listening', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      expect((await fetch(`${base}/livez`)).status).toBe(200);
      expect((await fetch(`${base}/health`)).status).toBe(200);
      expect((await fetch(`${base}/metrics`)).status).toBe(404);
    } finally {
      server.close();
    }
  });
});
