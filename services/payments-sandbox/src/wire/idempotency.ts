import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/schema';
import { StripeApiError } from './errors';

/** Keys are kept this long, like the provider's 24 hours. */
const KEY_TTL_MS = 24 * 3600 * 1000;

/**
 * Idempotent POSTs, as the provider offers them (the stripe SDK sends an Idempotency-Key and retries
 * network failures with it): the first answer under a key is stored and replayed for the same request,
 * so a retried create never makes a second customer or session.
 */
export function idempotentRequests(db: Kysely<Database>): MiddlewareHandler {
  return async (c, next) => {
    const key = c.req.header('idempotency-key');
    if (c.req.method !== 'POST' || !key) return next();
    if (key.length > 255)
      throw new StripeApiError(
        400,
        'invalid_request_error',
        'Idempotency keys must be at most 255 characters.',
        'idempotency_key_invalid',
      );
    const request = `${c.req.method} ${c.req.path} ${createHash('sha256')
      .update(await c.req.text())
      .digest('hex')}`;
    const stored = await db
      .selectFrom('idempotency_keys')
      .selectAll()
      .where('key', '=', key)
      .where('created_at', '>', new Date(Date.now() - KEY_TTL_MS))
      .executeTakeFirst();
    if (stored) {
      if (stored.request !== request) {
        throw new StripeApiError(
          400,
          'idempotency_error',
          `Keys for idempotent requests can only be used with the same parameters they were first used with. Try using a key other than '${key}' if you meant to execute a different request.`,
        );
      }
      return c.body(stored.body, stored.status as 200, {
        'content-type': 'application/json',
        'idempotent-replayed': 'true',
      });
    }
    await next();
    // Server errors are not stored: a retry should run again.
    if (c.res.status >= 500) return;
    const body = await c.res.clone().text();
    await db
      .insertInto('idempotency_keys')
      .values({ key, request, status: c.res.status, body })
      .onConflict((oc) => oc.column('key').doUpdateSet({ request, status: c.res.status, body }))
      .execute();
  };
}
