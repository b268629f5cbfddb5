import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { incomingOf } from './request-headers';

/**
 * A request body read straight from node's request. Asking Hono for the body (`c.req.text()`, or even
 * `c.req.raw.body`) makes @hono/node-server build a full fetch Request (headers copied, an AbortSignal, a
 * web stream over the socket) and read it back chunk by chunk: measured ~10% of a progress save's CPU. A
 * body whose length is declared (the gateway always declares it) is read here instead; what is read is
 * left as `rawBody`, which node-server hands to a fetch Request should anything build one afterwards.
 */
const declaredBodies = new WeakSet<IncomingMessage>();

type WithRawBody = IncomingMessage & { rawBody?: Buffer };

/**
 * The body length the request declares, when it declares one and is not chunked (then it can be held to a
 * limit from its header alone), else undefined. Such a body may then be read by `bodyBytes` without a fetch Request.
 */
export function declaredLength(c: Context): number | undefined {
  const incoming = incomingOf(c);
  const length = incoming?.headers['content-length'];
  if (!incoming || length === undefined || incoming.headers['transfer-encoding'] !== undefined)
    return undefined;
  declaredBodies.add(incoming);
  return Number.parseInt(length, 10);
}

function readAll(incoming: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.once('end', () => resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
    incoming.once('error', reject);
    incoming.once('close', () => {
      if (!incoming.complete) reject(new Error('the request body was cut off'));
    });
  });
}

/** The whole request body as bytes: from node's request when its length was declared and nobody read it yet, else through Hono. */
export async function bodyBytes(c: Context): Promise<Buffer> {
  const incoming = incomingOf(c) as WithRawBody | undefined;
  if (incoming?.rawBody) return incoming.rawBody;
  if (
    incoming &&
    declaredBodies.has(incoming) &&
    !incoming.readableDidRead &&
    incoming.listenerCount('data') === 0
  ) {
    declaredBodies.delete(incoming);
    incoming.rawBody = await readAll(incoming);
    return incoming.rawBody;
  }
  return Buffer.from(await c.req.arrayBuffer());
}
