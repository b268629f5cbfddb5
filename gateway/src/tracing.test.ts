import { createServer, get, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTelemetry, type Telemetry } from '@catalyst/service-kit/telemetry';
import { createTestContext, type TestContext } from '../../services/content/src/test-support';
import { closeServer, startGateway, type RunningGateway } from './testing/upstreams';

/** What the in-process collector keeps of each span (OTLP/HTTP JSON, as the exporter sends it). */
interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  scope: string;
  attributes: Record<string, unknown>;
}

const SERVER = 2;
const CLIENT = 3;

/** A tiny OTLP receiver: accepts POST /v1/traces (JSON) and keeps every span. */
async function startReceiver() {
  const spans: ReceivedSpan[] = [];
  const requests: string[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      requests.push(`${req.method} ${req.url} ${req.headers['content-type']}`);
      const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        resourceSpans: Array<{
          scopeSpans: Array<{
            scope: { name: string };
            spans: Array<
              Omit<ReceivedSpan, 'scope' | 'attributes'> & {
                attributes?: Array<{ key: string; value: Record<string, unknown> }>;
              }
            >;
          }>;
        }>;
      };
      for (const resource of body.resourceSpans)
        for (const scope of resource.scopeSpans)
          for (const span of scope.spans)
            spans.push({
              ...span,
              scope: scope.scope.name,
              attributes: Object.fromEntries(
                (span.attributes ?? []).map((a) => [a.key, Object.values(a.value)[0]]),
              ),
            });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    requests,
    close: () => closeServer(server),
  };
}

/**
 * A GET with node's own client, as a browser's call arrives: this process's fetch is instrumented (undici)
 * and would start a trace of its own in place of the given traceparent.
 */
const browserGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ status: number; headers: IncomingHttpHeaders }>((resolve, reject) => {
    get(url, { headers }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    }).on('error', reject);
  });

describe('one API call, one trace: gateway → service → Postgres', () => {
  let receiver: Awaited<ReturnType<typeof startReceiver>>;
  let telemetry: Telemetry;
  let content: TestContext;
  let service: Server;
  let gateway: RunningGateway;

  beforeAll(async () => {
    receiver = await startReceiver();
    telemetry = startTelemetry({
      serviceName: 'catalyst-test',
      config: { OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url },
    });
    content = await createTestContext();
    service = await new Promise<Server>((resolve) => {
      const s = serve({ fetch: content.app.fetch, port: 0, hostname: '127.0.0.1' }, () =>
        resolve(s as Server),
      ) as Server;
    });
    gateway = await startGateway({
      CONTENT_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
      EDGE_CACHE_SECONDS: '0',
    });
  });
  afterAll(async () => {
    await gateway?.close();
    await new Promise((resolve) => service?.close(resolve));
    await content?.close();
    await telemetry?.shutdown();
    await receiver?.close();
  });

  it('continues the browser traceparent through the gateway, the lean proxy, the service and its query, and exports it over OTLP', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const browserSpan = '00f067aa0ba902b7';
    const response = await browserGet(`${gateway.url}/api/v1/categories`, {
      traceparent: `00-${traceId}-${browserSpan}-01`,
    });
    expect(response.status).toBe(200);
    expect(response.headers['x-trace-id']).toBe(traceId);
    await telemetry.flush();

    const trace = receiver.spans.filter((s) => s.traceId === traceId);
    expect(receiver.requests.every((r) => r.startsWith('POST /v1/traces application/json'))).toBe(true);
    const gatewayServer = trace.find((s) => s.scope === 'gateway' && s.kind === SERVER);
    const serviceServer = trace.find((s) => s.scope === '@hono/otel' && s.kind === SERVER);
    const query = trace.find(
      (s) =>
        s.scope.includes('instrumentation-pg') &&
        s.kind === CLIENT &&
        String(s.attributes['db.statement'] ?? s.attributes['db.query.text'] ?? '').includes('categor'),
    );

    // The chain, parent by parent: browser → gateway server span → service server span → pg query (one span
    // per hop: the gateway's forwarded call carries its own span's traceparent).
    expect(gatewayServer).toMatchObject({ parentSpanId: browserSpan, name: 'GET /api/v1/categories' });
    expect(gatewayServer!.attributes).toMatchObject({
      'http.route': '/api/v1/categories',
      'peer.service': 'content',
      'http.response.status_code': 200,
    });
    expect(trace.filter((s) => s.scope === 'gateway')).toHaveLength(1);
    expect(serviceServer).toMatchObject({ parentSpanId: gatewayServer!.spanId, name: 'GET /categories' });
    expect(query?.parentSpanId).toMatch(/^[0-9a-f]{16}$/);
    const ancestors = new Map(trace.map((s) => [s.spanId, s.parentSpanId]));
    let parent = query!.parentSpanId;
    while (parent && parent !== serviceServer!.spanId) parent = ancestors.get(parent);
    expect(parent).toBe(serviceServer!.spanId);
  });

  it('starts a trace of its own without a traceparent, and names it in x-trace-id (errors too)', async () => {
    const ok = await fetch(`${gateway.url}/api/v1/categories`);
    const missing = await fetch(`${gateway.url}/api/v1/categories/no-such-category`);
    const unmatched = await fetch(`${gateway.url}/api/v1/no-such-route`);
    expect(missing.status).toBe(404);
    expect(unmatched.status).toBe(404);
    const ids = [ok, missing, unmatched].map((r) => r.headers.get('x-trace-id'));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(3);
    await telemetry.flush();
    const serviceSpan = receiver.spans.find((s) => s.traceId === ids[1] && s.scope === '@hono/otel');
    expect(serviceSpan?.name).toBe('GET /categories/:idOrSlug');
  });
});
