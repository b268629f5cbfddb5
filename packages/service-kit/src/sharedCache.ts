import type { MiddlewareHandler } from 'hono';
import { setResponseHeader } from './app';

/**
 * Marks a route's 200 answers as reusable by shared caches (the gateway's edge cache, a CDN) for
 * `seconds`: `Cache-Control: public, max-age=0, s-maxage=N`. Only for answers that are the same whoever
 * asks (no identity, role or entitlement in them); browsers still revalidate every time (max-age=0).
 * 0 marks nothing. An answer that already says how it may be cached is left alone.
 */
export function sharedCacheFor(seconds: number): MiddlewareHandler {
  const value = `public, max-age=0, s-maxage=${Math.floor(seconds)}`;
  return async (c, next) => {
    await next();
    if (seconds >= 1 && c.req.method === 'GET' && c.res.status === 200 && !c.res.headers.has('cache-control')) setResponseHeader(c, 'cache-control', value);
  };
}
