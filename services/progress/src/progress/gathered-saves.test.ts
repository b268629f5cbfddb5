import { createServer, type Server } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { progressSaveBatchRoutes, type Identity } from '@catalyst/contracts';
import { MemoryCache } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET, testUsers } from '@catalyst/service-kit/testing';
import { createGateway } from '@catalyst/gateway/app';
import { buildConfig } from '@catalyst/gateway/config';
import { createTestContext, ids, otherSubscriber } from '../test-support';

// The real gateway in front of the real progress service: saves arriving together travel as one batch, and each
// client still gets exactly the answer its PATCH gets from a gateway that forwards every save on its own.
let ctx: Awaited<ReturnType<typeof createTestContext>>;
let progress: Server;
const gateways: Server[] = [];
let batched: string;
let direct: string;
let unreachable: string;
/** Requests progress received, as `METHOD path`. */
const received: string[] = [];

const learners: Record<string, Identity> = {
  'token-subscriber-0123456789': testUsers.subscriber,
  'token-other-0123456789abcd': otherSubscriber,
  'token-admin-0123456789abcd': testUsers.admin,
  'token-learner-0123456789ab': testUsers.learner,
};
const tokenOf = (user: Identity) => Object.keys(learners).find((token) => learners[token]!.id === user.id)!;

const listen = (server: { once: Server['once'] }) =>
  new Promise<void>((resolve) => server.once('listening', () => resolve()));
const portOf = (server: { address(): AddressInfo | string | null }) => (server.address() as AddressInfo).port;

async function startGateway(progressUrl: string, batches: boolean) {
  const config = buildConfig({
    INTERNAL_SECRET: TEST_INTERNAL_SECRET,
    LOG_LEVEL: 'silent',
    AUTH_URL: 'http://127.0.0.1:9',
    CONTENT_URL: 'http://127.0.0.1:9',
    PROGRESS_URL: progressUrl,
    BILLING_URL: 'http://127.0.0.1:9',
    PROGRESS_SAVE_BATCHES: String(batches),
  });
  const identity = {
    resolve: async (token: string) => learners[token] ?? null,
    evictToken: async () => undefined,
    evictUser: async () => undefined,
  };
  const gateway = createServer(
    createGateway(config, { log: pino({ level: 'silent' }), cache: new MemoryCache(), identity }),
  );
  gateway.listen(0, '127.0.0.1');
  await listen(gateway);
  gateways.push(gateway);
  return `http://127.0.0.1:${portOf(gateway)}/api/v1`;
}

beforeAll(async () => {
  ctx = await createTestContext();
  progress = serve({
    fetch: (request) => {
      received.push(`${request.method} ${new URL(request.url).pathname}`);
      return ctx.app.fetch(request);
    },
    port: 0,
    hostname: '127.0.0.1',
  }) as unknown as Server;
  await listen(progress);
  const progressUrl = `http://127.0.0.1:${portOf(progress)}`;
  batched = await startGateway(progressUrl, true);
  direct = await startGateway(progressUrl, false);
  // Nothing listens on the discard port: the batch cannot be sent.
  unreachable = await startGateway('http://127.0.0.1:9', true);
});
afterAll(async () => {
  for (const gateway of gateways) {
    gateway.closeAllConnections();
    await new Promise((resolve) => gateway.close(resolve));
  }
  progress.closeAllConnections();
  await new Promise((resolve) => progress.close(resolve));
  await ctx.close();
});

interface Save {
  user: Identity;
  product: string;
  body: string;
  language?: string;
}

async function send(base: string, { user, product, body, language }: Save) {
  const res = await fetch(`${base}/content/progress/product/${product}`, {
    method: 'PATCH',
    headers: {
      authorization: `Bearer ${tokenOf(user)}`,
      'content-type': 'application/json',
      ...(language ? { 'accept-language': language } : {}),
    },
    body,
  });
  return {
    status: res.status,
    contentType: res.headers.get('content-type'),
    cacheControl: res.headers.get('cache-control'),
    body: (await res.json()) as { success: boolean; message?: string; data?: Record<string, unknown> },
  };
}

const stored = async (user: Identity, product: string) =>
  (await ctx.call(user, 'GET', `/content/progress/product/${product}`)).body.data as {
    progress: number;
    lastPosition: number;
  };

const batchesSent = () => received.filter((r) => r === `POST ${progressSaveBatchRoutes.saves.path}`).length;
const patchesSent = () => received.filter((r) => r.startsWith('PATCH ')).length;

describe('progress saves gathered by the gateway', () => {
  it('answers each of many learners’ saves as its own and stores the newest of each', async () => {
    const users = [testUsers.subscriber, otherSubscriber, testUsers.admin];
    const products = [ids.video, ids.course, ids.clip];
    const saves: Array<Save & { value: number; clientTime: number }> = [];
    for (const user of users)
      for (const product of products)
        for (let n = 1; n <= 4; n += 1) {
          const value = 10 * n + users.indexOf(user) + products.indexOf(product);
          const clientTime = 1_000 * n;
          saves.push({
            user,
            product,
            value,
            clientTime,
            body: JSON.stringify({ progress: value, lastPosition: n, clientTime }),
          });
        }
    const [batchesBefore, patchesBefore] = [batchesSent(), patchesSent()];
    const answers = await Promise.all(saves.map((save) => send(batched, save)));

    answers.forEach((answer, i) => {
      const save = saves[i]!;
      expect(answer.status).toBe(200);
      expect(answer.contentType).toBe('application/json');
      expect(answer.cacheControl).toBe('no-store');
      expect(answer.body.success).toBe(true);
      expect(answer.body.data?.productId).toBe(save.product);
      // Applied, or ignored because a newer save of the same row was stored first: said either way.
      expect(answer.body.message).toBe(
        answer.body.data?.applied ? 'Progress saved' : 'A newer save is already stored; this one was ignored',
      );
      // The answer holds the row as its statement left it: this save's value or a newer one stored with it.
      if (answer.body.data?.applied) expect(answer.body.data.progress).toBeGreaterThanOrEqual(save.value);
    });
    for (const user of users)
      for (const product of products) {
        const newest = saves.filter((s) => s.user === user && s.product === product).at(-1)!;
        expect(await stored(user, product), `${user.name} ${product}`).toMatchObject({
          progress: newest.value,
          lastPosition: 4,
        });
      }
    // Gathered: fewer requests reached progress than saves were made, and none as a PATCH of its own.
    expect(batchesSent() - batchesBefore).toBeGreaterThan(0);
    expect(batchesSent() - batchesBefore).toBeLessThan(saves.length);
    expect(patchesSent() - patchesBefore).toBe(0);
  });

  it('gives each save of one moment its own answer, exactly as a save forwarded alone gets', async () => {
    // `turn` 1 forwards each save alone, 2 sends them together: the accepted ones carry a newer clock in turn 2.
    const moment = (turn: number): Save[] => [
      // A learner without the plan: a free product opens, a premium one is refused.
      {
        user: testUsers.learner,
        product: ids.free,
        body: JSON.stringify({ progress: 30, lastPosition: 12, clientTime: 10 * turn }),
      },
      { user: testUsers.learner, product: ids.video, body: '{"progress":30,"lastPosition":12}' },
      // A course keeps its progress per lesson.
      { user: testUsers.subscriber, product: ids.lessons, body: '{"progress":30,"lastPosition":12}' },
      // Bodies the PATCH refuses, one of them in the caller's Spanish.
      { user: testUsers.subscriber, product: ids.other, body: '{"progress":140,"lastPosition":-1}' },
      { user: otherSubscriber, product: ids.other, body: '{"progress":"half","lastPosition":1}' },
      { user: testUsers.admin, product: ids.other, body: '{"progress":', language: 'es-ES,es;q=0.9' },
      { user: testUsers.admin, product: 'not-an-id', body: '{"progress":1,"lastPosition":1}' },
      // A stale save (older than the stored one) is answered, not applied.
      { user: testUsers.learner, product: ids.free, body: '{"progress":10,"lastPosition":1,"clientTime":1}' },
    ];
    const alone: Awaited<ReturnType<typeof send>>[] = [];
    for (const save of moment(1)) alone.push(await send(direct, save));
    const together = await Promise.all(moment(2).map((save) => send(batched, save)));

    expect(together.map((answer) => answer.status)).toEqual([200, 403, 409, 400, 400, 400, 400, 200]);
    together.forEach((answer, i) => {
      const expected = alone[i]!;
      const label = moment(2)[i]!.body;
      expect(answer.status, label).toBe(expected.status);
      expect(answer.contentType, label).toBe(expected.contentType);
      expect(answer.cacheControl, label).toBe(expected.cacheControl);
      // The stored row's time differs between the two turns; everything else is the same answer.
      const { updatedAt: _updated, ...data } = answer.body.data ?? {};
      const { updatedAt: _before, ...expectedData } = expected.body.data ?? {};
      expect({ ...answer.body, data }, label).toEqual({ ...expected.body, data: expectedData });
    });
    expect(together[5]!.body.message).not.toBe('Malformed JSON body');
    expect(together[7]!.body.message).toBe('A newer save is already stored; this one was ignored');
  });

  it('stores a learner’s saves in the order the gateway received them', async () => {
    const url = new URL(batched);
    const path = `${url.pathname}/content/progress/product/${ids.course}`;
    // Ten saves without a client clock, pipelined on one connection: the last one received must be the one kept.
    const requests = Array.from({ length: 10 }, (_, n) => {
      const body = JSON.stringify({ progress: 50 + n, lastPosition: 100 + n });
      return (
        `PATCH ${path} HTTP/1.1\r\nHost: ${url.host}\r\nAuthorization: Bearer ${tokenOf(otherSubscriber)}\r\n` +
        `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`
      );
    });
    const socket = connect(Number(url.port), url.hostname);
    let answered = '';
    socket.on('data', (chunk: Buffer) => (answered += chunk.toString()));
    socket.write(requests.join(''));
    await expect.poll(() => answered.match(/HTTP\/1\.1 200 OK/g)?.length ?? 0).toBe(10);
    socket.destroy();
    expect(await stored(otherSubscriber, ids.course)).toMatchObject({ progress: 59, lastPosition: 109 });
  });

  it('sends each save on its own to a progress that has no batch route yet', async () => {
    // An older progress: the batch route is a 404, a PATCH is answered with what it was sent.
    const older = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString()));
      req.on('end', () => {
        if (req.method !== 'PATCH') {
          res.writeHead(404, { 'content-type': 'application/json' });
          return res.end(
            JSON.stringify({ success: false, message: `Route not found: ${req.method} ${req.url}` }),
          );
        }
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ success: true, data: { path: req.url, body: JSON.parse(body) as unknown } }),
        );
      });
    });
    older.listen(0, '127.0.0.1');
    await listen(older);
    try {
      const gateway = await startGateway(`http://127.0.0.1:${portOf(older)}`, true);
      const answers = await Promise.all(
        [ids.video, ids.clip].map((product) =>
          send(gateway, { user: testUsers.subscriber, product, body: '{"progress":7,"lastPosition":7}' }),
        ),
      );
      expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
        [ids.video, ids.clip].map((product) => [
          200,
          {
            success: true,
            data: { path: `/content/progress/product/${product}`, body: { progress: 7, lastPosition: 7 } },
          },
        ]),
      );
    } finally {
      older.closeAllConnections();
      await new Promise((resolve) => older.close(resolve));
    }
  });

  it('fails each save with the one error shape when progress cannot be reached', async () => {
    const saves = [ids.video, ids.clip].map((product) => ({
      user: testUsers.subscriber,
      product,
      body: '{"progress":1,"lastPosition":1}',
    }));
    const answers = await Promise.all(saves.map((save) => send(unreachable, save)));
    for (const answer of answers) {
      expect(answer.status).toBe(503);
      expect(answer.body).toEqual({
        success: false,
        message: 'Service temporarily unavailable. Please try again shortly.',
      });
    }
  });
});
