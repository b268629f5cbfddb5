import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { metricsRegistry } from '@catalyst/service-kit';
import { startWorld } from './testing/upstreams';

/** The value of one series in the text exposition, or undefined when absent. */
async function series(name: string, labels: Record<string, string>): Promise<number | undefined> {
  const text = await metricsRegistry.metrics();
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text.split('\n').find((l) => l.startsWith(`${name}{`) && wanted.every((w) => l.includes(w)));
  return line ? Number(line.split(' ').at(-1)) : undefined;
}

describe('gateway metrics', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld({ EDGE_CACHE_SECONDS: '60' });
    // Content's public answers may be kept (s-maxage): the edge cache stores them.
    world.content.handle((_req, res) => {
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=0, s-maxage=60',
        'content-length': '27',
      });
      res.end('{"success":true,"data":{}}\n');
      return true;
    });
  });
  afterAll(() => world.close());

  it('counts API requests by the declared route template (the raw path never), unknown paths as "unmatched", edge-cache hits and misses', async () => {
    for (const slug of ['react-basics', 'css-grid', 'react-basics', 'react-basics'])
      expect((await fetch(`${world.gateway.url}/api/v1/categories/${slug}`)).status).toBe(200);
    expect((await fetch(`${world.gateway.url}/api/v1/no/such/route/9`)).status).toBe(404);
    expect(
      await series('http_requests_total', {
        method: 'GET',
        route: '/api/v1/categories/:idOrSlug',
        status: '200',
      }),
    ).toBe(4);
    expect(await series('http_requests_total', { route: 'unmatched', status: '404' })).toBeGreaterThanOrEqual(
      1,
    );
    expect(await series('gateway_edge_cache_total', { result: 'MISS' })).toBe(2);
    expect(await series('gateway_edge_cache_total', { result: 'HIT' })).toBe(2);
    const text = await metricsRegistry.metrics();
    expect(text).not.toContain('react-basics');
    expect(text).not.toContain('/no/such');
  });

  it('serves no metrics on the public port', async () => {
    for (const path of ['/metrics', '/api/v1/metrics', '/api/metrics']) {
      const response = await fetch(`${world.gateway.url}${path}`);
      expect(await response.text()).not.toContain('http_requests_total');
    }
  });
});
