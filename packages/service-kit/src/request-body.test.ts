import { request as httpRequest, type IncomingMessage } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createService } from './app';
import { testLog, TEST_INTERNAL_SECRET } from './testing';
import { ok, parseBody } from './validate';

const app = createService({
  name: 'bodies',
  log: testLog,
  internalSecret: TEST_INTERNAL_SECRET,
  maxBodyBytes: 1024,
});
app.post('/echo', async (c) => {
  const body = await parseBody(c, z.object({ name: z.string() }));
  const incoming = (c.env as { incoming: IncomingMessage & { rawBody?: Buffer } }).incoming;
  // What Hono reads afterwards (a fetch Request built from the node request) is the same body.
  return ok(c, { body, fromNode: Buffer.isBuffer(incoming.rawBody), again: await c.req.text() });
});

let server: ReturnType<typeof serve>;
let port = 0;
beforeAll(async () => {
  server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise<void>((resolve) => server.once('listening', () => resolve()));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** POSTs `chunks`: with their total length declared, or chunked (no length) when `chunked`. */
const post = (chunks: string[], { chunked = false } = {}) =>
  new Promise<{ status: number; body: Record<string, unknown> }>((resolve, reject) => {
    const length = Buffer.byteLength(chunks.join(''));
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path: '/echo',
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(chunked ? {} : { 'content-length': length }) },
      },
      (res) => {
        let text = '';
        res.on('data', (chunk: Buffer) => (text += chunk.toString()));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text) as Record<string, unknown> }),
        );
      },
    );
    req.on('error', reject);
    for (const chunk of chunks) req.write(chunk);
    req.end();
  });

describe('request bodies', () => {
  it('reads a body of declared length from node’s request (in pieces too), and Hono still sees the same body after', async () => {
    const { status, body } = await post(['{"na', 'me":"Tëa"}']);
    expect(status).toBe(200);
    expect(body.data).toEqual({ body: { name: 'Tëa' }, fromNode: true, again: '{"name":"Tëa"}' });
  });

  it('reads a chunked body (no declared length) through Hono, held to the same limit', async () => {
    const { status, body } = await post(['{"name":', '"Tea"}'], { chunked: true });
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ body: { name: 'Tea' }, again: '{"name":"Tea"}' });
    const tooLarge = await post([`{"name":"${'x'.repeat(600)}`, `${'x'.repeat(600)}"}`], { chunked: true });
    expect(tooLarge).toEqual({ status: 413, body: { success: false, message: 'Request body is too large' } });
  });

  it('refuses a declared length over the service’s limit with 413 before reading it, and malformed JSON with 400', async () => {
    expect(await post([`{"name":"${'x'.repeat(2_000)}"}`])).toEqual({
      status: 413,
      body: { success: false, message: 'Request body is too large' },
    });
    expect(await post(['{"name":'])).toEqual({
      status: 400,
      body: { success: false, message: 'Malformed JSON body' },
    });
  });

  it('lets a caller still sending a refused body finish it and ask again on the same connection', async () => {
    const socket = connect(port, '127.0.0.1');
    let received = '';
    socket.setEncoding('utf8').on('data', (text: string) => (received += text));
    const closed = new Promise<string>((resolve) => socket.once('close', () => resolve('closed')));
    const until = (pattern: RegExp) =>
      Promise.race([
        closed,
        new Promise<string>((resolve) =>
          socket.on('data', () => pattern.test(received) && resolve('answered')),
        ),
      ]);
    const body = `{"name":"${'x'.repeat(200_000)}"}`;
    try {
      socket.write(
        `POST /echo HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: ${body.length}\r\n\r\n${body.slice(0, 1_000)}`,
      );
      expect(await until(/Request body is too large/)).toBe('answered');
      expect(received).toMatch(/^HTTP\/1\.1 413 /);
      socket.write(body.slice(1_000));
      const next = '{"name":"Tea"}';
      socket.write(
        `POST /echo HTTP/1.1\r\nhost: test\r\ncontent-type: application/json\r\ncontent-length: ${next.length}\r\n\r\n${next}`,
      );
      expect(await until(/HTTP\/1\.1 200 [^]*"name":"Tea"/)).toBe('answered');
    } finally {
      socket.destroy();
    }
  });
});
