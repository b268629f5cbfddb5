import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { pino } from 'pino';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { createJwksHandler } from './jwks';
import {
  closeServer,
  rawRequest,
  sendJson,
  startStandIn,
  startWorld,
  type StandIn,
} from './testing/upstreams';

const KEY = {
  kty: 'OKP',
  crv: 'Ed25519',
  x: '11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo',
  kid: 'kid-new',
  alg: 'EdDSA',
  use: 'sig',
};
const OLD_KEY = { ...KEY, x: 'xYqmY9aQFMJ8WRAzB8CDS9eGPyx3vKMBvqXDCQA8p7Q', kid: 'kid-old' };

/** Progress's internal route as the real service answers it (the shared secret required), counting the calls. */
function serveKeys(progress: StandIn, keys: () => Record<string, unknown>[]) {
  let calls = 0;
  progress.handle((req, res) => {
    if (req.url !== '/internal/credentials/jwks') return false;
    calls++;
    if (req.headers['x-catalyst-internal'] !== TEST_INTERNAL_SECRET)
      sendJson(res, 404, { success: false, message: 'Not found' });
    else sendJson(res, 200, { success: true, data: { keys: keys() } });
    return true;
  });
  return () => calls;
}

describe('GET /.well-known/jwks.json', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  let calls: () => number;
  let keys: Record<string, unknown>[];
  beforeAll(async () => {
    world = await startWorld();
    calls = serveKeys(world.progress, () => keys);
  });
  afterAll(() => world.close());
  beforeEach(() => {
    keys = [KEY, OLD_KEY];
  });

  it("serves progress's published keys to anyone: a JWK set, cacheable for five minutes, readable from any origin", async () => {
    const res = await fetch(`${world.gateway.url}/.well-known/jwks.json`, {
      headers: { origin: 'https://verifier.example' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    expect(res.headers.get('cache-control')).toBe('public, max-age=300');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
    expect(await res.json()).toEqual({ keys: [KEY, OLD_KEY] });
    // Progress was asked over its internal route, with the shared secret.
    expect(world.progress.seen.at(-1)).toMatchObject({ method: 'GET', url: '/internal/credentials/jwks' });
    expect(world.progress.seen.at(-1)!.headers['x-catalyst-internal']).toBe(TEST_INTERNAL_SECRET);
  });

  it('answers HEAD with the headers alone, and asks progress only once a minute', async () => {
    const before = calls();
    const head = await fetch(`${world.gateway.url}/.well-known/jwks.json`, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-type')).toMatch(/^application\/jwk-set\+json/);
    expect(await head.text()).toBe('');
    const again = await fetch(`${world.gateway.url}/.well-known/jwks.json`);
    expect(again.status).toBe(200);
    expect(calls()).toBe(before);
  });

  it('a conditional request for the same keys is a 304', async () => {
    const first = await fetch(`${world.gateway.url}/.well-known/jwks.json`);
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    // Sent as written: fetch adds `Cache-Control: no-cache` to a conditional request, which forbids a 304.
    const second = await rawRequest(world.gateway.url, '/.well-known/jwks.json', {
      headers: { 'if-none-match': etag! },
    });
    expect(second.status).toBe(304);
  });

  it('never publishes a private member, even if one reached it', async () => {
    const { url, close } = await standalone(() => [{ ...KEY, d: 'PRIVATE-PART', p: 'x' }]);
    try {
      const body = await (await fetch(`${url}/.well-known/jwks.json`)).text();
      expect(body).not.toContain('PRIVATE-PART');
      expect(JSON.parse(body)).toEqual({ keys: [KEY] });
    } finally {
      await close();
    }
  });
});

/** The handler alone on an express app in front of a progress stand-in, with a clock the test moves. */
async function standalone(keys: () => Record<string, unknown>[], clock = { now: 0 }) {
  const progress = await startStandIn('progress');
  const calls = serveKeys(progress, keys);
  const app = express();
  app.get(
    '/.well-known/jwks.json',
    createJwksHandler({
      progressUrl: progress.url,
      internalSecret: TEST_INTERNAL_SECRET,
      timeoutMs: 500,
      log: pino({ level: 'silent' }),
      now: () => clock.now,
    }),
  );
  const server = createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { url, progress, calls, close: async () => Promise.all([closeServer(server), progress.close()]) };
}

describe('the issuer keys when progress cannot answer', () => {
  it('asks again after a minute, serves the last good keys for a while when progress fails, and answers 503 with nothing to serve', async () => {
    const clock = { now: 0 };
    let keys: Record<string, unknown>[] = [KEY];
    const world = await standalone(() => keys, clock);
    try {
      expect(await (await fetch(`${world.url}/.well-known/jwks.json`)).json()).toEqual({ keys: [KEY] });
      keys = [{ ...KEY, kid: 'rotated' }, KEY];
      clock.now = 30_000;
      expect(await (await fetch(`${world.url}/.well-known/jwks.json`)).json()).toEqual({ keys: [KEY] });
      clock.now = 61_000;
      expect(await (await fetch(`${world.url}/.well-known/jwks.json`)).json()).toEqual({ keys });

      // Progress goes away.
      await world.progress.close();
      clock.now = 200_000;
      const stale = await fetch(`${world.url}/.well-known/jwks.json`);
      expect(stale.status).toBe(200);
      expect(await stale.json()).toEqual({ keys });

      clock.now = 200_000 + 2 * 60 * 60_000;
      const gone = await fetch(`${world.url}/.well-known/jwks.json`);
      expect(gone.status).toBe(503);
      expect(await gone.json()).toMatchObject({ success: false, message: expect.any(String) });
    } finally {
      await world.close().catch(() => undefined);
    }
  });
});
