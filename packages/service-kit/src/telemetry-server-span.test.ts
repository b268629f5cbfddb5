import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createService } from './app';
import { createLogger } from './logger';
import { startTelemetry } from './telemetry';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-0[01]$/;

describe('a service without an OTLP endpoint (context only, nothing recorded)', () => {
  const telemetry = startTelemetry({ serviceName: 'demo', config: {} });
  const lines: Array<Record<string, unknown>> = [];
  const log = createLogger(
    'demo',
    'info',
    new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    }),
  );
  const peerSaw: IncomingHttpHeaders[] = [];
  let peer: Server;
  let peerUrl = '';
  const app = createService({ name: 'demo', log, internalSecret: 's'.repeat(32) });
  // A handler that asks a peer after an await (the context must survive it) and logs through the process's logger.
  app.get('/things/:id', async (c) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    const answer = await fetch(`${peerUrl}/peer`);
    await answer.text();
    log.info({ id: c.req.param('id') }, 'asked the peer');
    return c.json({ success: true, data: { id: c.req.param('id') } });
  });

  beforeAll(async () => {
    peer = createServer((req, res) => {
      peerSaw.push(req.headers);
      res.end('{}');
    });
    await new Promise<void>((resolve) => peer.listen(0, '127.0.0.1', resolve));
    peerUrl = `http://127.0.0.1:${(peer.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => peer.close(resolve)));

  it('records and exports nothing', () => {
    expect(telemetry.exporting).toBe(false);
  });

  it("continues the caller's trace: x-trace-id, the log lines of the request and the call to a peer carry it", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const response = await app.request('/things/7', {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('x-trace-id')).toBe(traceId);
    const sent = TRACEPARENT.exec(String(peerSaw.at(-1)?.traceparent));
    expect(sent?.[1]).toBe(traceId);
    expect(sent?.[2]).not.toBe('b7ad6b7169203331');
    expect(lines.find((l) => l.msg === 'asked the peer' && l.id === '7')?.traceId).toBe(traceId);
    expect(lines.find((l) => l.msg === 'request' && l.path === '/things/7')?.traceId).toBe(traceId);
  });

  it('starts a trace when the caller sent none (or a malformed one), and passes it on', async () => {
    for (const headers of [{}, { traceparent: 'garbage' }] as Array<Record<string, string>>) {
      const response = await app.request('/things/8', { headers });
      const traceId = response.headers.get('x-trace-id');
      expect(traceId).toMatch(/^[0-9a-f]{32}$/);
      expect(TRACEPARENT.exec(String(peerSaw.at(-1)?.traceparent))?.[1]).toBe(traceId);
    }
  });
});
