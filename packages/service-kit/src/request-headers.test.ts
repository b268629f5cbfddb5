import { request as httpRequest, type OutgoingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_ID_HEADER } from '@catalyst/contracts';
import { createService } from './app';
import { requestLanguage } from './i18n';
import { requestHeader } from './request-headers';
import { identityHeaders, testLog, testUsers, TEST_INTERNAL_SECRET } from './testing';

const app = createService({ name: 'headers', log: testLog, internalSecret: TEST_INTERNAL_SECRET });
app.get('/read', (c) => {
  // Read from node's request first, then as Hono reads them (a fetch Headers built from the same request).
  const names = ['x-one', 'x-repeated', 'x-absent'];
  const ours = names.map((name) => requestHeader(c, name) ?? null);
  const hono = names.map((name) => c.req.header(name) ?? null);
  return c.json({ ours, hono, language: requestLanguage(c), caller: c.get('identity')?.id ?? null });
});

let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const get = (headers: OutgoingHttpHeaders) =>
  new Promise<{ headers: Record<string, unknown>; body: Record<string, unknown> }>((resolve, reject) => {
    const req = httpRequest({ host: '127.0.0.1', port, path: '/read', headers }, (res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () =>
        resolve({ headers: res.headers, body: JSON.parse(text) as Record<string, unknown> }),
      );
    });
    req.on('error', reject);
    req.end();
  });

describe('request headers over HTTP', () => {
  it('reads what Hono reads: one value, a repeated header joined, an absent one', async () => {
    const { body } = await get({ 'x-one': 'first', 'x-repeated': ['a', 'b'] });
    expect(body.ours).toEqual(['first', 'a, b', null]);
    expect(body.ours).toEqual(body.hono);
  });

  it('keeps the caller’s request id, verifies its identity and answers in its language', async () => {
    const { headers, body } = await get({
      [REQUEST_ID_HEADER]: 'req-42',
      'accept-language': 'de-DE,de;q=0.9',
      ...identityHeaders(testUsers.learner),
    });
    expect(headers[REQUEST_ID_HEADER]).toBe('req-42');
    expect(body).toMatchObject({ language: 'de', caller: testUsers.learner.id });
  });
});
