import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';

/** The node request under a Hono context served by @hono/node-server (absent under `app.request()` in tests). */
export const incomingOf = (c: Context): IncomingMessage | undefined =>
  (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;

/**
 * A request header (`name` in lower case), read from node's request when there is one: Hono's `c.req.header()`
 * makes @hono/node-server copy every header into a fetch Headers first (about 3% of a progress save's CPU),
 * though node has parsed them already. Repeated headers are joined with ", " as a fetch Headers joins them.
 */
export function requestHeader(c: Context, name: string): string | undefined {
  const incoming = incomingOf(c);
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name];
  return Array.isArray(value) ? value.join(', ') : value;
}
