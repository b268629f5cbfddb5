import { createHmac } from 'node:crypto';
import { once } from 'node:events';
import { connect } from 'node:net';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { until } from '@catalyst/service-kit/testing';
import { captureLog, echoOf, rawRequest, startGateway, startStandIn, startWorld } from './testing/upstreams';

describe('proxying request bodies', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld({ BODY_LIMIT: '64kb' });
  });
  afterAll(() => world.close());
  const url = (path: string) => `${world.gateway.url}${path}`;

  it('forwards a Stripe webhook body byte for byte with its signature header', async () => {
    // Whitespace, key order and unicode escapes must survive untouched or the signature breaks.
    const payload =
      '{ "id":"evt_1",  "type":"checkout.session.completed",\n "data":{"object":{"name":"Zo\\u00eb"}} }';
    const signature = `t=1,v1=${createHmac('sha256', 'whsec_test').update(`1.${payload}`).digest('hex')}`;
    const response = await fetch(url('/api/v1/webhooks/stripe'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
      body: payload,
    });
    expect(response.status).toBe(200);
    const echo = await echoOf(response);
    expect(echo.service).toBe('billing');
    expect(echo.path).toBe('/webhooks/stripe');
    expect(Buffer.from(echo.bodyBase64, 'base64').toString('utf8')).toBe(payload);
    expect(echo.headers['stripe-signature']).toBe(signature);
    expect(echo.headers['content-length']).toBe(String(Buffer.byteLength(payload)));
  });

  it('forwards a multipart unload beacon as sent', async () => {
    const form = new FormData();
    form.set('data', JSON.stringify({ progress: 40, lastPosition: 120, completed: false }));
    form.set('_method', 'PATCH');
    const response = await fetch(url('/api/v1/content/progress/product/aaaaaaaaaaaaaaaaaaaaaaaa'), {
      method: 'POST',
      body: form,
    });
    const echo = await echoOf(response);
    expect(echo.service).toBe('progress');
    expect(echo.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(echo.body).toContain('"lastPosition":120');
    expect(echo.body).toContain('name="_method"');
  });

  it('inflates a gzip-encoded body and forwards it with the right length', async () => {
    const json = JSON.stringify({ email: 'a@b.example', password: 'x' });
    const response = await rawRequest(world.gateway.url, '/api/v1/auth/login', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      body: gzipSync(json),
    });
    const echo = JSON.parse(response.body.toString()).data;
    expect(echo.body).toBe(json);
    expect(echo.headers['content-encoding']).toBeUndefined();
  });

  it('never parses a JSON body it only forwards: malformed or deeply nested bytes reach the service unchanged', async () => {
    for (const body of ['{"email": "a@b",', `${'['.repeat(20_000)}${']'.repeat(20_000)}`]) {
      const response = await rawRequest(world.gateway.url, '/api/v1/auth/login', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.from(body),
      });
      expect(JSON.parse(response.body.toString()).data.body).toBe(body);
    }
  });

  it('marks every answer a service did not declare cacheable no-store, and keeps a declared policy', async () => {
    const personal = await fetch(url('/api/v1/auth/login'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(personal.headers.get('cache-control')).toBe('no-store');
    world.content.handle((req, res) => {
      if (!req.url?.startsWith('/categories')) return false;
      res.writeHead(200, {
        'content-type': 'application/json',
        'cache-control': 'public, max-age=0, s-maxage=5',
      });
      res.end('{"success":true,"data":[]}');
      return true;
    });
    try {
      const open = await fetch(url(`/api/v1/categories?n=${Date.now()}`));
      expect(open.headers.get('cache-control')).toBe('public, max-age=0, s-maxage=5');
    } finally {
      world.content.handle(() => false);
    }
  });

  it('carries the remembered sign-in both ways: the Cookie, Origin and app header to auth, every Set-Cookie back', async () => {
    world.auth.handle((req, res) => {
      if (req.url !== '/auth/refresh') return false;
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': [
          'catalyst_media=; Path=/media; Max-Age=0; HttpOnly; SameSite=Strict',
          `catalyst_refresh=next; Path=/api/v1/auth; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure`,
        ],
      });
      res.end(
        JSON.stringify({
          success: true,
          data: {
            cookie: req.headers.cookie,
            origin: req.headers.origin,
            site: req.headers['sec-fetch-site'],
            app: req.headers['x-requested-with'],
            host: req.headers['x-forwarded-host'],
            proto: req.headers['x-forwarded-proto'],
          },
        }),
      );
      return true;
    });
    try {
      const response = await fetch(url('/api/v1/auth/refresh'), {
        method: 'POST',
        headers: {
          cookie: 'catalyst_refresh=first',
          origin: world.gateway.url,
          'sec-fetch-site': 'same-origin',
          'x-requested-with': 'catalyst',
        },
      });
      expect(response.status).toBe(200);
      const { data } = (await response.json()) as { data: Record<string, string> };
      expect(data).toEqual({
        cookie: 'catalyst_refresh=first',
        origin: world.gateway.url,
        site: 'same-origin',
        app: 'catalyst',
        host: new URL(world.gateway.url).host,
        proto: 'http',
      });
      expect(response.headers.getSetCookie()).toEqual([
        'catalyst_media=; Path=/media; Max-Age=0; HttpOnly; SameSite=Strict',
        'catalyst_refresh=next; Path=/api/v1/auth; Max-Age=2592000; HttpOnly; SameSite=Strict; Secure',
      ]);
      expect(response.headers.get('cache-control')).toBe('no-store');
    } finally {
      world.auth.handle(() => false);
    }
  });

  it('forwards nothing of a body its client stops sending, and logs the request as given up (499)', async () => {
    const { log, lines } = captureLog();
    const cut = await startWorld({}, { log });
    try {
      const socket = connect(Number(new URL(cut.gateway.url).port), '127.0.0.1');
      await once(socket, 'connect');
      // 12 of the 100 bytes declared, then the end of the connection (TCP keeps the order: headers, bytes, end).
      socket.end(
        'PATCH /api/v1/content/progress/product/aaaaaaaaaaaaaaaaaaaaaaaa HTTP/1.1\r\nHost: localhost\r\n' +
          'Content-Type: application/json\r\nContent-Length: 100\r\nX-Request-Id: cut-body-1\r\n\r\n{"progress":',
      );
      await until(() => lines.some((l) => l.requestId === 'cut-body-1' && l.msg === 'request'));
      expect(lines.find((l) => l.requestId === 'cut-body-1' && l.msg === 'request')?.status).toBe(499);
      expect(cut.progress.seen).toHaveLength(0);
      // The next save on a new connection goes through whole.
      const whole = await fetch(
        `${cut.gateway.url}/api/v1/content/progress/product/aaaaaaaaaaaaaaaaaaaaaaaa`,
        {
          method: 'PATCH',
          headers: { 'content-type': 'application/json' },
          body: '{"progress":40}',
        },
      );
      expect((await echoOf(whole)).body).toBe('{"progress":40}');
    } finally {
      await cut.close();
    }
  });

  it('leaves an empty JSON body to the service', async () => {
    const response = await fetch(url('/api/v1/subscription/cancel'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(response.status).toBe(200);
  });

  it('refuses a body over BODY_LIMIT with 413 in the error shape', async () => {
    const before = world.content.seen.length;
    const response = await fetch(url('/api/v1/admin/products'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ description: 'x'.repeat(70 * 1024) }),
    });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ success: false, message: 'Request body is too large' });
    expect(world.content.seen.length).toBe(before);
  });

  it('refuses an oversized chunked body without a content-length too', async () => {
    const big = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i++) controller.enqueue(new Uint8Array(8 * 1024).fill(97));
        controller.close();
      },
    });
    const response = await fetch(url('/api/v1/admin/products'), {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: big,
      duplex: 'half',
    } as RequestInit);
    expect(response.status).toBe(413);
  });
});

describe('a route declaring a smaller body than BODY_LIMIT', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  beforeAll(async () => {
    world = await startWorld({ BODY_LIMIT: '1mb' });
  });
  afterAll(() => world.close());
  const post = (path: string, bytes: number) =>
    fetch(`${world.gateway.url}/api/v1${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(bytes) }),
    });

  it('is refused with 413 at the gateway over its declared limit, never reaching the service', async () => {
    const before = world.auth.seen.length;
    const refused = await post('/auth/login', 100 * 1024);
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ success: false, message: 'Request body is too large' });
    expect(world.auth.seen.length).toBe(before);
    // The same gateway still forwards that size where the route allows it (an admin product form: 512 KiB).
    const allowed = await post('/admin/products', 100 * 1024);
    expect((await echoOf(allowed)).service).toBe('content');
  });

  it('is forwarded within its declared limit', async () => {
    const response = await post('/auth/login', 60 * 1024);
    expect((await echoOf(response)).service).toBe('auth');
  });

  it('holds a form body to the same limit: an unload save of 100 KiB is refused before progress sees it', async () => {
    const before = world.progress.seen.length;
    const form = new FormData();
    form.set(
      'data',
      JSON.stringify({ progress: 40, lastPosition: 120, completed: false, pad: 'x'.repeat(100 * 1024) }),
    );
    form.set('_method', 'PATCH');
    const refused = await fetch(
      `${world.gateway.url}/api/v1/content/progress/product/aaaaaaaaaaaaaaaaaaaaaaaa`,
      { method: 'POST', body: form },
    );
    expect(refused.status).toBe(413);
    expect(await refused.json()).toEqual({ success: false, message: 'Request body is too large' });
    expect(world.progress.seen.length).toBe(before);
  });

  it("gives the payment provider's raw events the room they declare", async () => {
    const event = JSON.stringify({
      id: 'evt_big',
      type: 'invoice.paid',
      data: { object: { lines: 'x'.repeat(200 * 1024) } },
    });
    const forwarded = await fetch(`${world.gateway.url}/api/v1/webhooks/stripe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=0' },
      body: event,
    });
    expect((await echoOf(forwarded)).service).toBe('billing');
  });

  it('holds a route that declares no body to the default limit', async () => {
    const before = world.billing.seen.length;
    const refused = await fetch(`${world.gateway.url}/api/v1/subscription/cancel`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(100 * 1024) }),
    });
    expect(refused.status).toBe(413);
    expect(world.billing.seen.length).toBe(before);
  });
});

describe('when a service is slow or gone', () => {
  it('answers 503 in the error shape when the service refuses connections', async () => {
    const content = await startStandIn('content');
    const deadUrl = content.url;
    await content.close();
    const { log, lines } = captureLog();
    const gateway = await startGateway({ CONTENT_URL: deadUrl }, { log });
    try {
      const response = await fetch(`${gateway.url}/api/v1/content/products`, {
        headers: { 'x-request-id': 'down-1' },
      });
      expect(response.status).toBe(503);
      expect(response.headers.get('content-type')).toMatch(/application\/json/);
      expect(await response.json()).toEqual({
        success: false,
        message: 'Service temporarily unavailable. Please try again shortly.',
      });
      expect(response.headers.get('x-request-id')).toBe('down-1');
      // A page shown in Arabic reads it in Arabic (web-kit sends the page's language).
      const inArabic = await fetch(`${gateway.url}/api/v1/content/products`, {
        headers: { 'accept-language': 'ar' },
      });
      expect(await inArabic.json()).toEqual({
        success: false,
        message: 'الخدمة غير متاحة مؤقتًا. يُرجى المحاولة مرة أخرى بعد قليل.',
      });
      await until(() => lines.some((l) => l.requestId === 'down-1' && l.msg === 'request'));
      expect(lines.find((l) => l.requestId === 'down-1' && l.msg === 'request')).toMatchObject({
        status: 503,
        upstream: 'content',
      });
    } finally {
      await gateway.close();
    }
  });

  it('answers 504 when the service does not answer within the route timeout', async () => {
    const progress = await startStandIn('progress');
    progress.handle(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 1_000)));
    const content = await startStandIn('content');
    content.handle(() => new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 300)));
    const gateway = await startGateway({
      PROGRESS_URL: progress.url,
      PROGRESS_TIMEOUT_MS: '150',
      CONTENT_URL: content.url,
    });
    try {
      const started = Date.now();
      const response = await fetch(`${gateway.url}/api/v1/content/progress/stats`);
      expect(response.status).toBe(504);
      expect(await response.json()).toEqual({
        success: false,
        message: 'The service took too long to respond. Please try again.',
      });
      expect(Date.now() - started).toBeLessThan(900);
      // Other route classes keep their own, longer timeout.
      expect((await fetch(`${gateway.url}/api/v1/categories`)).status).toBe(200);
    } finally {
      await gateway.close();
      await Promise.all([progress.close(), content.close()]);
    }
  });

  it('logs no upstream fault when the client gives up first (the gateway ended that call itself)', async () => {
    const content = await startStandIn('content');
    content.handle(() => new Promise<boolean>(() => undefined)); // never answers
    const { log, lines } = captureLog();
    const gateway = await startGateway({ CONTENT_URL: content.url }, { log });
    try {
      const abort = new AbortController();
      const asked = fetch(`${gateway.url}/api/v1/content/products`, {
        headers: { 'x-request-id': 'gave-up-1' },
        signal: abort.signal,
      }).catch(() => undefined);
      await until(() => content.seen.length === 1);
      abort.abort();
      await asked;
      await until(() => lines.some((l) => l.requestId === 'gave-up-1' && l.msg === 'request'));
      expect(lines.filter((l) => l.requestId === 'gave-up-1' && l.level === 40)).toEqual([]);
    } finally {
      await gateway.close();
      await content.close();
    }
  });

  it('reuses keep-alive connections to a service', async () => {
    const content = await startStandIn('content');
    const gateway = await startGateway({ CONTENT_URL: content.url });
    try {
      for (let i = 0; i < 5; i++) {
        const response = await fetch(`${gateway.url}/api/v1/categories`);
        expect(response.status).toBe(200);
        await response.json();
      }
      expect(content.seen).toHaveLength(5);
      expect(content.connections()).toBe(1);
    } finally {
      await gateway.close();
      await content.close();
    }
  });
});
