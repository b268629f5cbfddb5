import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressSaveBatchRoutes, type GatheredSave, type Identity } from '@catalyst/contracts';
import { startTelemetry } from '@catalyst/service-kit/telemetry';
import { captureLog, serveSessions, startGateway, startWorld } from './testing/upstreams';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;
const LEARNER_TOKEN = 'learner-token-0123456789abcdef';
const learner: Identity = {
  id: 'bbbbbbbbbbbbbbbbbbbbbbbb',
  role: 'user',
  email: 'l@example.com',
  name: 'Lee',
};

/** A GET with node's own client (this process's fetch is traced and would send a traceparent of its own). */
const get = (url: string, headers: Record<string, string> = {}) =>
  new Promise<{ status: number; traceId: string | undefined; cache: string | undefined }>(
    (resolve, reject) => {
      request(url, { headers }, (res) => {
        res.resume();
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            traceId: res.headers['x-trace-id'] as string | undefined,
            cache: res.headers['x-cache'] as string | undefined,
          }),
        );
      })
        .on('error', reject)
        .end();
    },
  );

describe('trace context without an OTLP endpoint', () => {
  const telemetry = startTelemetry({ serviceName: 'gateway-test', config: {} });
  const { log, lines } = captureLog();
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld({ EDGE_CACHE_SECONDS: '0' }, { log });
    serveSessions(world.auth, new Map([[LEARNER_TOKEN, learner]]));
  });
  afterAll(() => world.close());

  it('records and exports nothing', () => {
    expect(telemetry.exporting).toBe(false);
  });

  it("continues the caller's trace: the service gets a traceparent of the same trace (the gateway's span as parent), the answer names it", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const answer = await get(`${world.gateway.url}/api/v1/categories`, {
      traceparent: `00-${traceId}-b7ad6b7169203331-01`,
    });
    expect(answer.status).toBe(200);
    expect(answer.traceId).toBe(traceId);
    const sent = String(world.content.seen.at(-1)?.headers.traceparent);
    expect(sent).toMatch(TRACEPARENT);
    expect(TRACEPARENT.exec(sent)![1]).toBe(traceId);
    expect(TRACEPARENT.exec(sent)![2]).not.toBe('b7ad6b7169203331');
    expect(lines.find((l) => l.msg === 'request' && l.path === '/api/v1/categories')?.traceId).toBe(traceId);
  });

  it('starts a trace when the caller sent none, and a malformed traceparent is not trusted', async () => {
    for (const headers of [
      {},
      { traceparent: 'garbage' },
      { traceparent: `00-${'0'.repeat(32)}-b7ad6b7169203331-01` },
    ] as Array<Record<string, string>>) {
      const answer = await get(`${world.gateway.url}/api/v1/categories`, headers);
      expect(answer.traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(answer.traceId).not.toBe('0'.repeat(32));
      expect(TRACEPARENT.exec(String(world.content.seen.at(-1)?.headers.traceparent))![1]).toBe(
        answer.traceId,
      );
    }
  });

  it('names the trace of each request on an answer the edge cache kept, not the trace it was kept in', async () => {
    // A public answer naming its trace, as a service's does (service-kit).
    world.content.handle((req, res) => {
      if (!req.url?.startsWith('/categories?kept')) return false;
      const body = JSON.stringify({ success: true, data: [] });
      res.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'cache-control': 'public, s-maxage=30',
        'x-trace-id': TRACEPARENT.exec(String(req.headers.traceparent))?.[1] ?? '',
      });
      res.end(body);
      return true;
    });
    const keeping = await startGateway({ CONTENT_URL: world.content.url, EDGE_CACHE_SECONDS: '30' });
    try {
      const traceIds = ['0af7651916cd43dd8448eb211c803101', '0af7651916cd43dd8448eb211c803102'];
      const answers = [];
      for (const traceId of traceIds)
        answers.push(
          await get(`${keeping.url}/api/v1/categories?kept=1`, {
            traceparent: `00-${traceId}-b7ad6b7169203331-01`,
          }),
        );
      expect(answers.map((answer) => [answer.cache, answer.traceId])).toEqual([
        ['MISS', traceIds[0]],
        ['HIT', traceIds[1]],
      ]);
    } finally {
      world.content.handle(undefined);
      await keeping.close();
    }
  });

  it("carries a gathered save's own traceparent to progress, in the batch's item of that save", async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const productId = 'dddddddddddddddddddddddd';
    await new Promise<void>((resolve, reject) =>
      request(
        `${world.gateway.url}/api/v1/content/progress/product/${productId}`,
        {
          method: 'PATCH',
          headers: {
            authorization: `Bearer ${LEARNER_TOKEN}`,
            'content-type': 'application/json',
            traceparent: `00-${traceId}-b7ad6b7169203331-01`,
          },
        },
        (res) => res.resume().on('end', resolve),
      )
        .on('error', reject)
        .end(JSON.stringify({ progress: 10, lastPosition: 5 })),
    );
    const batch = world.progress.seen.find((seen) => seen.url === progressSaveBatchRoutes.saves.path);
    const { saves } = JSON.parse(batch!.body.toString('utf8')) as { saves: GatheredSave[] };
    expect(saves.map((save) => save.productId)).toEqual([productId]);
    expect(saves[0]!.traceparent).toMatch(TRACEPARENT);
    expect(TRACEPARENT.exec(saves[0]!.traceparent!)![1]).toBe(traceId);
  });

  it("names the trace on the gateway's own answers: 404s, health", async () => {
    expect((await get(`${world.gateway.url}/api/v1/nowhere`)).traceId).toMatch(/^[0-9a-f]{32}$/);
    expect((await get(`${world.gateway.url}/api/v1/health`)).traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
