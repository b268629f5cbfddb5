import {
  createServer,
  request,
  type IncomingHttpHeaders,
  type IncomingMessage,
  type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@catalyst/contracts';
import { testUsers } from '@catalyst/service-kit/testing';
import { createStreamAgent } from './proxy';
import {
  closeServer,
  sendJson,
  serveSessions,
  startGateway,
  startListeningGateway,
  startWorld,
} from './testing/upstreams';

/** Sends a PATCH through the gateway in two parts, the second only once `ready` resolves. */
function patchInTwoParts(url: string, first: Buffer, second: Buffer, ready: Promise<void>) {
  return new Promise<{ status: number; body: string }>((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'PATCH',
        headers: {
          'content-type': 'application/offset+octet-stream',
          'content-length': first.length + second.length,
          'tus-resumable': '1.0.0',
        },
      },
      (res) => {
        let body = '';
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      },
    );
    req.on('error', reject);
    req.write(first);
    void ready.then(() => req.end(second));
  });
}

// Resumable uploads: the gateway pipes a PATCH body to media as it arrives (never buffered whole, not held
// to BODY_LIMIT); every other body is read, bounded, first.
describe('streamed upload bodies', () => {
  let received = 0;
  let firstBytesSeen: () => void;
  const firstBytes = new Promise<void>((resolve) => (firstBytesSeen = resolve));
  const media = createServer((req, res) => {
    req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      firstBytesSeen();
    });
    req.on('end', () => {
      res.writeHead(204, { 'upload-offset': String(received), 'tus-resumable': '1.0.0' });
      res.end();
    });
  });
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    await new Promise<void>((resolve) => media.listen(0, '127.0.0.1', resolve));
    gateway = await startGateway({
      MEDIA_URL: `http://127.0.0.1:${(media.address() as AddressInfo).port}`,
      BODY_LIMIT: '1mb',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await closeServer(media);
  });

  it('reaches media before the client has finished sending, and passes more than BODY_LIMIT', async () => {
    const first = Buffer.alloc(1024 * 1024, 1);
    const second = Buffer.alloc(2 * 1024 * 1024, 2);
    const answer = await patchInTwoParts(
      `${gateway.url}/api/v1/media/uploads/aaaaaaaaaaaaaaaaaaaaaaaa`,
      first,
      second,
      firstBytes,
    );
    expect(answer.status).toBe(204);
    expect(received).toBe(first.length + second.length);
  });

  it('still holds every other body to BODY_LIMIT', async () => {
    const res = await fetch(`${gateway.url}/api/v1/media/assets/aaaaaaaaaaaaaaaaaaaaaaaa/retry`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pad: 'x'.repeat(2 * 1024 * 1024) }),
    });
    expect(res.status).toBe(413);
  });
});

/** One event stream the stand-in community service holds open. */
interface ServedStream {
  req: IncomingMessage;
  res: ServerResponse;
  /** Resolves when the gateway's request to the service is gone (the client left, or the gateway cut it). */
  closed: Promise<void>;
  /** Sends the stream's headers at once, as an event stream does before its first event. */
  open(headers?: Record<string, string>): void;
}

/** A stand-in community service holding every event stream for the test to drive (anything else: an empty list). */
async function startLiveBoard() {
  const waiting: Array<(stream: ServedStream) => void> = [];
  const served: ServedStream[] = [];
  const server = createServer((req, res) => {
    if (!req.url?.split('?')[0]!.endsWith('/events')) return void res.end('{"success":true,"data":[]}');
    let closedNow: () => void;
    const closed = new Promise<void>((resolve) => (closedNow = resolve));
    res.on('close', () => closedNow());
    const stream: ServedStream = {
      req,
      res,
      closed,
      open: (headers = {}) => {
        res.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-cache',
          ...headers,
        });
        res.flushHeaders();
      },
    };
    const waiter = waiting.shift();
    if (waiter) waiter(stream);
    else served.push(stream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    /** The next stream the gateway opens (one already open and not yet taken first). */
    nextStream: () => {
      const early = served.shift();
      return early ? Promise.resolve(early) : new Promise<ServedStream>((resolve) => waiting.push(resolve));
    },
    close: () => closeServer(server),
  };
}

/** A client of the gateway's event stream, reading it as it arrives (as EventSource does). */
interface StreamClient {
  status: number;
  headers: IncomingHttpHeaders;
  /** Resolves once `text` has arrived, rejects when it has not after `ms`. */
  waitFor(text: string, ms?: number): Promise<void>;
  /** How the stream ended: the gateway ended it cleanly, or the connection broke. */
  ended: Promise<'end' | 'broken'>;
  abort(): void;
}

/** Opens a stream as a browser does, offering compression (which an event stream must not get). */
function openStream(url: string, headers: Record<string, string> = {}) {
  return new Promise<StreamClient>((resolve, reject) => {
    const req = request(
      url,
      { headers: { accept: 'text/event-stream', 'accept-encoding': 'gzip, deflate, br', ...headers } },
      (res) => {
        let received = '';
        const listeners = new Set<() => void>();
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          received += chunk;
          for (const listener of listeners) listener();
        });
        const ended = new Promise<'end' | 'broken'>((done) => {
          res.on('end', () => done('end'));
          res.on('error', () => done('broken'));
          res.on('aborted', () => done('broken'));
        });
        resolve({
          status: res.statusCode ?? 0,
          headers: res.headers,
          ended,
          abort: () => req.destroy(),
          waitFor: (text, ms = 2_000) =>
            new Promise<void>((arrived, late) => {
              const check = () => {
                if (!received.includes(text)) return;
                listeners.delete(check);
                clearTimeout(timer);
                arrived();
              };
              const timer = setTimeout(() => {
                listeners.delete(check);
                late(
                  new Error(
                    `"${text}" did not arrive within ${ms} ms; received so far: ${JSON.stringify(received)}`,
                  ),
                );
              }, ms);
              listeners.add(check);
              check();
            }),
        });
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const within = <T>(promise: Promise<T>, ms: number, what: string) =>
  Promise.race([
    promise,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error(`${what} did not happen within ${ms} ms`)), ms),
    ),
  ]);

const EVENTS_PATH = '/api/v1/community/live/ab12cd34/events';

/** A client's stream through the gateway and the service's end of it, opened with the given headers. */
async function openThrough(
  gatewayUrl: string,
  board: Awaited<ReturnType<typeof startLiveBoard>>,
  headers?: Record<string, string>,
) {
  const opening = openStream(`${gatewayUrl}${EVENTS_PATH}`);
  const served = await within(board.nextStream(), 2_000, 'the stream reaching the service');
  served.open(headers);
  const client = await within(opening, 2_000, 'the stream opening');
  return { client, served };
}
const event = (id: number) => `id: ${id}\nevent: question\ndata: {"n":${id}}\n\n`;

// The live board's Server-Sent Events: relayed as written (never compressed, cached or buffered), open as
// long as both ends want it, and each end's departure reaches the other.
describe('event streams', () => {
  let board: Awaited<ReturnType<typeof startLiveBoard>>;
  let gateway: Awaited<ReturnType<typeof startGateway>>;
  beforeAll(async () => {
    board = await startLiveBoard();
    gateway = await startGateway({ COMMUNITY_URL: board.url, EDGE_CACHE_SECONDS: '5' });
  });
  afterAll(async () => {
    await gateway.close();
    await board.close();
  });

  it('open as soon as the service sends its headers, and relay each event when the service writes it, uncompressed', async () => {
    // Nothing has been written yet: the client holds the answer's headers all the same (EventSource's open).
    const { client, served } = await openThrough(gateway.url, board);
    expect(client.status).toBe(200);
    expect(client.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(client.headers['content-encoding']).toBeUndefined();
    expect(client.headers['cache-control']).toBe('no-cache');
    expect(client.headers['x-accel-buffering']).toBe('no');
    expect(client.headers['x-cache']).toBeUndefined();
    // Each event arrives before the next one is written.
    for (let id = 1; id <= 3; id++) {
      served.res.write(event(id));
      await client.waitFor(`data: {"n":${id}}`);
    }
    served.res.end();
    expect(await client.ended).toBe('end');
  });

  it('are never kept by the edge cache, even when the service marks one shareable', async () => {
    const { client, served } = await openThrough(gateway.url, board, {
      'cache-control': 'public, s-maxage=5',
    });
    served.res.write(event(1));
    await client.waitFor('data: {"n":1}');
    served.res.end();
    await client.ended;
    // The next client reaches the service again.
    const again = await openThrough(gateway.url, board);
    again.client.abort();
  });

  it("pass a reconnecting client's Last-Event-ID on, so the service can resume after it", async () => {
    const opening = openStream(`${gateway.url}${EVENTS_PATH}`, { 'last-event-id': '41' });
    const served = await within(board.nextStream(), 2_000, 'the stream reaching the service');
    expect(served.req.headers['last-event-id']).toBe('41');
    expect(served.req.headers.accept).toBe('text/event-stream');
    served.open();
    (await opening).abort();
  });

  it('end upstream when the client goes away', async () => {
    const { client, served } = await openThrough(gateway.url, board);
    served.res.write(event(1));
    await client.waitFor('data: {"n":1}');
    client.abort();
    await within(served.closed, 2_000, 'the upstream request closing');
  });

  it('end for the client when the service goes away, so EventSource reconnects', async () => {
    const { client, served } = await openThrough(gateway.url, board);
    served.res.write(event(1));
    await client.waitFor('data: {"n":1}');
    served.req.socket.destroy();
    expect(await within(client.ended, 2_000, "the client's stream ending")).toBe('broken');
  });

  it('more of them than the upstream pool has sockets all open, and ordinary requests still pass', async () => {
    const count = 300;
    const openings = Array.from({ length: count }, () => openStream(`${gateway.url}${EVENTS_PATH}`));
    const served: ServedStream[] = [];
    for (let i = 0; i < count; i++) {
      const stream = await within(board.nextStream(), 5_000, `stream ${i + 1} reaching the service`);
      stream.open();
      served.push(stream);
    }
    const clients = await Promise.all(openings);
    expect(clients.every((client) => client.status === 200)).toBe(true);
    const ordinary = await fetch(`${gateway.url}/api/v1/community/live/ab12cd34/questions`, {
      signal: AbortSignal.timeout(2_000),
    });
    expect(ordinary.status).toBe(200);
    for (const client of clients) client.abort();
    await Promise.all(served.map((stream) => within(stream.closed, 5_000, 'every upstream stream closing')));
  });
});

// main.ts destroys the stream agent on shutdown: the servers can then close and clients reconnect elsewhere.
describe('event streams at shutdown', () => {
  it('all end when their agent is destroyed, and the service sees each one go', async () => {
    const board = await startLiveBoard();
    const streamAgent = createStreamAgent();
    const gateway = await startGateway({ COMMUNITY_URL: board.url }, { streamAgent });
    try {
      const streams = [await openThrough(gateway.url, board), await openThrough(gateway.url, board)];
      streamAgent.destroy();
      for (const { client, served } of streams) {
        expect(await within(client.ended, 2_000, "the client's stream ending")).toBe('broken');
        await within(served.closed, 2_000, 'the upstream request closing');
      }
    } finally {
      await gateway.close();
      await board.close();
    }
  });
});

// The 'stream' timeout class bounds the wait for the stream's headers, never its length; neither the
// route's timeouts nor the server's request and header timeouts cut an open stream.
describe('a long event stream', () => {
  let board: Awaited<ReturnType<typeof startLiveBoard>>;
  let gateway: Awaited<ReturnType<typeof startListeningGateway>>;
  beforeAll(async () => {
    board = await startLiveBoard();
    gateway = await startListeningGateway({
      COMMUNITY_URL: board.url,
      STREAM_TIMEOUT_MS: '300',
      COMMUNITY_TIMEOUT_MS: '300',
      REQUEST_TIMEOUT_MS: '1000',
      HEADERS_TIMEOUT_MS: '1000',
    });
  });
  afterAll(async () => {
    await gateway.close();
    await board.close();
  });

  it('stays open well past every timeout', async () => {
    const { client, served } = await openThrough(gateway.url, board);
    let state: 'open' | 'end' | 'broken' = 'open';
    void client.ended.then((how) => (state = how));
    for (let id = 1; id <= 8; id++) {
      await new Promise((resolve) => setTimeout(resolve, 350));
      served.res.write(event(id));
      await client.waitFor(`data: {"n":${id}}`);
    }
    expect(state).toBe('open');
    client.abort();
  });

  it('is a 504 in the one error shape when the service does not start it in time', async () => {
    const answer = fetch(`${gateway.url}${EVENTS_PATH}`);
    const served = await board.nextStream();
    const response = await answer;
    expect(response.status).toBe(504);
    expect(await response.json()).toEqual({ success: false, message: expect.any(String) });
    await within(served.closed, 2_000, 'the late upstream request closing');
  });
});

// Issue 53 (5): a stream outlives the request that opened it, so its session is checked again while it is open.
describe('event streams of a session that ends', () => {
  const tokens = {
    member: 'member-token-aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa',
    memberPhone: 'member-token-bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb',
  };
  const sessions = new Map<string, Identity>();
  let board: Awaited<ReturnType<typeof startLiveBoard>>;

  /** A gateway in front of the board and a stand-in auth keeping identities `cacheSeconds`. */
  async function worldWith(cacheSeconds: number) {
    const world = await startWorld({
      COMMUNITY_URL: board.url,
      IDENTITY_CACHE_SECONDS: String(cacheSeconds),
    });
    serveSessions(world.auth, sessions, {
      '/auth/logout': (req, res) => {
        sessions.delete(String(req.headers.authorization).replace('Bearer ', ''));
        sendJson(res, 200, { success: true, data: null, message: 'Logged out' });
        return true;
      },
    });
    return world;
  }
  const openAs = async (gatewayUrl: string, token: string) => {
    const opening = openStream(`${gatewayUrl}${EVENTS_PATH}`, { authorization: `Bearer ${token}` });
    const served = await within(board.nextStream(), 2_000, 'the stream reaching the service');
    served.open();
    return { client: await within(opening, 2_000, 'the stream opening'), served };
  };

  beforeAll(async () => {
    board = await startLiveBoard();
  });
  afterAll(() => board.close());

  it("end at once when their session logs out through the gateway, and no other session's do", async () => {
    // A minute's identity cache: only the logout itself can end the stream within the test's time.
    const world = await worldWith(60);
    try {
      sessions.set(tokens.member, testUsers.subscriber);
      sessions.set(tokens.memberPhone, testUsers.subscriber);
      const laptop = await openAs(world.gateway.url, tokens.member);
      const phone = await openAs(world.gateway.url, tokens.memberPhone);
      const logout = await fetch(`${world.gateway.url}/api/v1/auth/logout`, {
        method: 'POST',
        headers: { authorization: `Bearer ${tokens.member}` },
      });
      expect(logout.status).toBe(200);
      expect(await within(laptop.client.ended, 2_000, "the logged-out session's stream ending")).toBe(
        'broken',
      );
      await within(laptop.served.closed, 2_000, 'the upstream stream closing');
      phone.served.res.write(event(7));
      await phone.client.waitFor('data: {"n":7}');
      phone.client.abort();
    } finally {
      sessions.clear();
      await world.close();
    }
  });

  it('end within the identity cache window when the session ends in auth alone (a reset elsewhere)', async () => {
    const world = await worldWith(1);
    try {
      sessions.set(tokens.member, testUsers.subscriber);
      const { client, served } = await openAs(world.gateway.url, tokens.member);
      served.res.write(event(1));
      await client.waitFor('data: {"n":1}');
      sessions.delete(tokens.member);
      expect(await within(client.ended, 3_500, 'the stream ending')).toBe('broken');
      await within(served.closed, 2_000, 'the upstream stream closing');
    } finally {
      sessions.clear();
      await world.close();
    }
  });
});
