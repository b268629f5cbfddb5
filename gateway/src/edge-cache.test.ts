import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Identity } from '@catalyst/contracts';
import { createEdgeCache, edgeKey, matchesEtag, sharedMaxAge } from './edge-cache';
import { captureLog, rawRequest, serveSessions, startWorld, type StandInHandler } from './testing/upstreams';

const PUBLIC = 'public, max-age=0, s-maxage=5';

describe('the edge cache of public answers (gateway in front of stand-ins)', () => {
  let world: Awaited<ReturnType<typeof startWorld>>;
  const captured = captureLog();
  // What the content stand-in answers per path: a status, a Cache-Control and anything else.
  let answers: Record<
    string,
    { status?: number; cacheControl?: string; headers?: Record<string, string>; body?: string }
  >;
  let version = 1;
  const member: Identity = {
    id: 'aaaaaaaaaaaaaaaaaaaaaaaa',
    role: 'user',
    email: 'm@example.com',
    name: 'Member',
  };

  beforeAll(async () => {
    world = await startWorld({ LOG_LEVEL: 'info', EDGE_CACHE_SECONDS: '2' }, { log: captured.log });
    serveSessions(world.auth, new Map([['member-token-0123456789', member]]));
    const handler: StandInHandler = (req, res, body) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        const refused = req.url?.includes('refuse');
        if (!refused) version++;
        send(res, refused ? 403 : 200, { success: !refused, data: body.toString('utf8') });
        return true;
      }
      const path = (req.url ?? '').split('?')[0]!;
      const answer = answers[path] ?? {};
      send(
        res,
        answer.status ?? 200,
        { success: true, data: { path: req.url, version } },
        { ...(answer.cacheControl ? { 'cache-control': answer.cacheControl } : {}), ...answer.headers },
      );
      return true;
    };
    world.content.handle(handler);
  });
  afterAll(() => world.close());
  beforeEach(() => {
    answers = { '/categories': { cacheControl: PUBLIC } };
  });

  const send = (
    res: ServerResponse,
    status: number,
    payload: unknown,
    headers: Record<string, string> = {},
  ) => {
    const body = JSON.stringify(payload);
    res.writeHead(status, {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      ...headers,
    });
    res.end(body);
  };
  const get = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${world.gateway.url}/api/v1${path}`, { headers });
  const seen = (path: string) => world.content.seen.filter((r) => r.url === path).length;
  const unique = () => `/categories?probe=${Math.random().toString(36).slice(2)}`;

  it('stores an answer the service marked public and serves the next request without the service', async () => {
    const path = unique();
    const first = await get(path);
    expect(first.headers.get('x-cache')).toBe('MISS');
    const firstBody = await first.text();
    const second = await get(path);
    expect(second.status).toBe(200);
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(await second.text()).toBe(firstBody);
    expect(seen(path)).toBe(1);
    for (const name of ['content-type', 'content-length', 'etag', 'cache-control'])
      expect(second.headers.get(name)).toBe(first.headers.get(name));
    expect(second.headers.get('etag')).toMatch(/^W\/"/);
  });

  it('keeps request ids, security headers and the access log as on the uncached path', async () => {
    const path = unique();
    const miss = await get(path, { 'x-request-id': 'edge-miss-1' });
    const hit = await get(path, { 'x-request-id': 'edge-hit-1' });
    expect(hit.headers.get('x-request-id')).toBe('edge-hit-1');
    for (const name of [
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'vary',
      'connection',
    ]) {
      expect(hit.headers.get(name), name).toBe(miss.headers.get(name));
    }
    expect(hit.headers.get('vary')).toBe('Origin, Accept-Encoding');
    const line = captured.lines.find((l) => l.requestId === 'edge-hit-1');
    expect(line).toMatchObject({
      msg: 'request',
      method: 'GET',
      status: 200,
      upstream: 'content',
      cache: 'HIT',
    });
    expect(line?.path).toBe('/api/v1/categories');
  });

  it('serves a compressible answer in the encoding the client asks for, from the first answer on', async () => {
    const path = `/categories?big=${'x'.repeat(1500)}&n=${Math.random()}`;
    const plain = await rawRequest(world.gateway.url, `/api/v1${path}`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    const decode = { br: brotliDecompressSync, gzip: gunzipSync } as const;
    const asked: Array<[acceptEncoding: string, chosen: 'br' | 'gzip' | undefined]> = [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0, gzip', 'gzip'],
      ['gzip;q=0.5, br;q=0.9', 'br'],
      ['identity', undefined],
      ['deflate', undefined],
    ];
    for (const [acceptEncoding, chosen] of asked) {
      for (let round = 0; round < 2; round++) {
        const hit = await rawRequest(world.gateway.url, `/api/v1${path}`, {
          headers: { 'accept-encoding': acceptEncoding },
        });
        expect(hit.headers['x-cache'], acceptEncoding).toBe('HIT');
        expect(hit.headers['content-encoding'], acceptEncoding).toBe(chosen);
        expect(hit.headers['vary']).toBe('Origin, Accept-Encoding');
        expect(Number(hit.headers['content-length'])).toBe(hit.body.length);
        expect((chosen ? decode[chosen](hit.body) : hit.body).equals(plain.body), acceptEncoding).toBe(true);
        expect(hit.headers.etag).toBe(plain.headers.etag);
      }
    }
    // The first answer (from the service) is encoded the same way, and a caller holding it gets a 304.
    const fresh = `/categories?big=${'y'.repeat(1500)}&n=${Math.random()}`;
    const miss = await rawRequest(world.gateway.url, `/api/v1${fresh}`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(miss.headers['x-cache']).toBe('MISS');
    expect(miss.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(miss.body).toString('utf8'))).toMatchObject({ success: true });
    const held = await rawRequest(world.gateway.url, `/api/v1${fresh}`, {
      headers: { 'accept-encoding': 'gzip', 'if-none-match': String(miss.headers.etag) },
    });
    expect(held.status).toBe(304);
    expect(held.body.length).toBe(0);
    // HEAD names the plain length, as the compression step leaves HEAD alone.
    const head = await rawRequest(world.gateway.url, `/api/v1${path}`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'br' },
    });
    expect(head.headers['content-encoding']).toBeUndefined();
    expect(Number(head.headers['content-length'])).toBe(plain.body.length);
  });

  it('leaves small answers and answers marked no-transform unencoded', async () => {
    const small = unique();
    await get(small);
    const hit = await rawRequest(world.gateway.url, `/api/v1${small}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(hit.headers['x-cache']).toBe('HIT');
    expect(hit.headers['content-encoding']).toBeUndefined();
    answers['/categories'] = { cacheControl: `${PUBLIC}, no-transform` };
    const big = `/categories?big=${'z'.repeat(1500)}&n=${Math.random()}`;
    await get(big);
    const kept = await rawRequest(world.gateway.url, `/api/v1${big}`, {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(kept.headers['x-cache']).toBe('HIT');
    expect(kept.headers['content-encoding']).toBeUndefined();
    expect(kept.headers.vary).toBe('Origin');
  });

  it('normalises the order of query parameters in the key', async () => {
    const probe = Math.random().toString(36).slice(2);
    await get(`/categories?b=2&a=1&p=${probe}`);
    const again = await get(`/categories?p=${probe}&a=1&b=2`);
    expect(again.headers.get('x-cache')).toBe('HIT');
    expect(edgeKey('/x?b=2&a=1&a=0')).toBe('GET /x?a=1&a=0&b=2');
    expect(edgeKey('/x?q=a+b')).not.toBe(edgeKey('/x?q=a%20b'));
  });

  it('answers 304 to a caller that already holds the stored answer', async () => {
    const path = unique();
    const first = await get(path);
    const etag = first.headers.get('etag')!;
    const hit = await get(path, { 'if-none-match': etag });
    expect(hit.status).toBe(304);
    expect(hit.headers.get('etag')).toBe(etag);
    expect(await hit.text()).toBe('');
    expect(matchesEtag(`"other", ${etag.slice(2)}`, etag)).toBe(true);
  });

  it('never stores private, no-store, unmarked, non-200 or cookie-setting answers', async () => {
    const cases: Record<string, (typeof answers)[string]> = {
      '/categories/private': { cacheControl: 'private, s-maxage=5' },
      '/categories/no-store': { cacheControl: 'public, s-maxage=5, no-store' },
      '/categories/unmarked': {},
      '/categories/missing': { status: 404, cacheControl: PUBLIC },
      '/categories/cookie': { cacheControl: PUBLIC, headers: { 'set-cookie': 'a=b' } },
      '/categories/varies': { cacheControl: PUBLIC, headers: { vary: 'Authorization' } },
    };
    Object.assign(answers, cases);
    for (const path of Object.keys(cases)) {
      await get(path);
      const again = await get(path);
      expect(again.headers.get('x-cache'), path).toBe('MISS');
      expect(seen(path), path).toBe(2);
    }
  });

  it('does not store an answer to a signed-in caller unless the service marked it public', async () => {
    answers['/content/premium/products'] = {};
    const auth = { authorization: 'Bearer member-token-0123456789' };
    await get('/content/premium/products', auth);
    expect((await get('/content/premium/products', auth)).headers.get('x-cache')).toBe('MISS');
    expect((await get('/content/premium/products')).headers.get('x-cache')).toBe('MISS');
    expect(seen('/content/premium/products')).toBe(3);
  });

  it('forgets everything of the service after a write it accepted, before the writer hears back', async () => {
    const path = unique();
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    const refused = await fetch(`${world.gateway.url}/api/v1/admin/categories/refuse`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(refused.status).toBe(403);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    const before = version;
    const write = await fetch(`${world.gateway.url}/api/v1/admin/categories/x`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(write.status).toBe(200);
    const after = await get(path);
    expect(after.headers.get('x-cache')).toBe('MISS');
    expect(((await after.json()) as { data: { version: number } }).data.version).toBe(before + 1);
  });

  it('lets an entry expire after the shorter of its s-maxage and EDGE_CACHE_SECONDS', async () => {
    answers['/categories'] = { cacheControl: 'public, s-maxage=1' };
    const path = unique();
    const stored = Date.now();
    await get(path);
    expect((await get(path)).headers.get('x-cache')).toBe('HIT');
    // Gone once its s-maxage (1 s) has passed, well before EDGE_CACHE_SECONDS (2 s) would end it.
    await expect
      .poll(async () => (await get(path)).headers.get('x-cache'), { timeout: 1_800, interval: 50 })
      .toBe('MISS');
    expect(Date.now() - stored).toBeLessThan(1_900);
  });

  it('answers HEAD from a stored GET without a body', async () => {
    const path = unique();
    const first = await get(path);
    const head = await fetch(`${world.gateway.url}/api/v1${path}`, { method: 'HEAD' });
    expect(head.headers.get('x-cache')).toBe('HIT');
    expect(head.headers.get('content-length')).toBe(first.headers.get('content-length'));
    expect(await head.text()).toBe('');
  });
});

describe('edge cache rules', () => {
  it('reads the shared lifetime from the service’s Cache-Control', () => {
    expect(sharedMaxAge(200, { 'cache-control': 'public, s-maxage=5' })).toBe(5);
    expect(sharedMaxAge(200, { 'cache-control': 's-maxage=5' })).toBe(0);
    expect(sharedMaxAge(200, { 'cache-control': 'public, max-age=60' })).toBe(0);
    expect(sharedMaxAge(200, { 'cache-control': 'public, s-maxage=5, no-cache' })).toBe(0);
    expect(sharedMaxAge(201, { 'cache-control': 'public, s-maxage=5' })).toBe(0);
    expect(sharedMaxAge(200, { 'cache-control': 'public, s-maxage=5', 'content-encoding': 'gzip' })).toBe(0);
  });

  it('stays within its entry and byte bounds, dropping the least recently used first', () => {
    let now = 0;
    const edge = createEdgeCache({
      maxTtlSeconds: 5,
      maxEntries: 2,
      maxEntryBytes: 100,
      maxTotalBytes: 150,
      now: () => now,
    });
    const headers = {
      'cache-control': 'public, s-maxage=5',
      'content-type': 'application/json',
      'content-length': '60',
    };
    const put = (url: string) => edge.store(edge.ticket(url, 'content')!, headers, Buffer.alloc(60));
    put('/a');
    put('/b');
    expect(edge.lookup('/a')).toMatchObject({ upstream: 'content', contentLength: '60' }); // /a is now the most recently used
    put('/c'); // 180 bytes > 150: the least recently used (/b) goes
    expect(edge.lookup('/b')).toBeUndefined();
    expect(edge.size).toBe(2);
    expect(edge.admit(200, { ...headers, 'content-length': '101' })).toBe(false);
    now = 5_000;
    expect(edge.lookup('/a')).toBeUndefined();
  });

  it('gives an answer stored again while its entry lives that entry, encoded copies and lifetime alike', () => {
    let now = 0;
    const edge = createEdgeCache({
      maxTtlSeconds: 5,
      maxEntries: 10,
      maxEntryBytes: 5_000,
      maxTotalBytes: 50_000,
      now: () => now,
    });
    const headers = {
      'cache-control': 'public, s-maxage=1',
      'content-type': 'application/json',
      'content-length': '2000',
    };
    const body = Buffer.from(JSON.stringify({ words: 'practice '.repeat(220) }).slice(0, 2_000));
    // Two callers missed together: both went upstream with a ticket before either answer came back.
    const tickets = [
      edge.ticket('/search?q=practice', 'content')!,
      edge.ticket('/search?q=practice', 'content')!,
    ];
    const first = edge.store(tickets[0]!, headers, body);
    first.encoded.br = Buffer.from('made once');
    now = 600;
    expect(edge.store(tickets[1]!, headers, Buffer.from(body))).toBe(first);
    expect(edge.lookup('/search?q=practice')?.encoded.br?.toString()).toBe('made once');
    // Still ends a second after the first was stored, and a different answer replaces it.
    now = 1_000;
    expect(edge.lookup('/search?q=practice')).toBeUndefined();
    const changed = edge.store(edge.ticket('/search?q=practice', 'content')!, headers, Buffer.alloc(2_000));
    expect(changed).not.toBe(first);
    expect(edge.lookup('/search?q=practice')).toBe(changed);
  });

  it('counts the encoded copies it keeps in its byte bound', () => {
    const edge = createEdgeCache({
      maxTtlSeconds: 5,
      maxEntries: 10,
      maxEntryBytes: 2_000,
      maxTotalBytes: 2_500,
    });
    const headers = {
      'cache-control': 'public, s-maxage=5',
      'content-type': 'application/json',
      'content-length': '1100',
    };
    // Random bytes: their gzip copy is about as large as they are.
    const put = (url: string) => edge.store(edge.ticket(url, 'content')!, headers, randomBytes(1_100));
    const sent: Buffer[] = [];
    const res = {
      statusCode: 0,
      getHeader() {},
      setHeader() {},
      removeHeader() {},
      end: (body?: Buffer) => void (body && sent.push(body)),
    } as unknown as ServerResponse;
    const req = {
      method: 'GET',
      httpVersion: '1.1',
      headers: { 'accept-encoding': 'gzip' },
    } as unknown as IncomingMessage;
    put('/a');
    const b = put('/b');
    expect(edge.size).toBe(2);
    edge.send(req, res, b, 'HIT');
    expect(gunzipSync(sent[0]!).equals(b.body)).toBe(true);
    // 2 × 1,100 bytes and /b's gzip copy no longer fit in 2,500: the least recently used (/a) went.
    expect(edge.lookup('/a')).toBeUndefined();
    expect(edge.lookup('/b')).toBe(b);
  });

  it('does not store an answer that was on its way when its service was purged', () => {
    const edge = createEdgeCache({
      maxTtlSeconds: 5,
      maxEntries: 10,
      maxEntryBytes: 100,
      maxTotalBytes: 1_000,
    });
    const headers = { 'cache-control': 'public, s-maxage=5', 'content-length': '2' };
    const ticket = edge.ticket('/a', 'content')!;
    edge.purge('content');
    edge.store(ticket, headers, Buffer.from('{}'));
    expect(edge.lookup('/a')).toBeUndefined();
    const other = edge.ticket('/b', 'content')!;
    edge.purge('progress');
    edge.store(other, headers, Buffer.from('{}'));
    expect(edge.lookup('/b')).toMatchObject({ upstream: 'content', body: Buffer.from('{}') });
  });

  it('purges one service’s entries, counting each stored answer once', () => {
    const edge = createEdgeCache({
      maxTtlSeconds: 5,
      maxEntries: 2,
      maxEntryBytes: 100,
      maxTotalBytes: 1_000,
    });
    const headers = { 'cache-control': 'public, s-maxage=5', 'content-length': '2' };
    const put = (url: string, upstream: 'content' | 'progress') =>
      edge.store(edge.ticket(url, upstream)!, headers, Buffer.from('{}'));
    put('/a', 'content');
    put('/a', 'content'); // the same answer again replaces the first
    put('/b', 'progress');
    expect(edge.purge('content')).toBe(1);
    expect(edge.lookup('/b')).toMatchObject({ upstream: 'progress' });
    put('/c', 'content');
    put('/d', 'content'); // two entries at most: /b (progress) goes
    expect(edge.purge('progress')).toBe(0);
    expect(edge.size).toBe(2);
    expect(edge.purge()).toBe(2);
    expect(edge.size).toBe(0);
  });

  it('is off with EDGE_CACHE_SECONDS=0', () => {
    const edge = createEdgeCache({
      maxTtlSeconds: 0,
      maxEntries: 10,
      maxEntryBytes: 100,
      maxTotalBytes: 1_000,
    });
    expect(edge.enabled).toBe(false);
    expect(edge.ticket('/a', 'content')).toBeUndefined();
  });
});
