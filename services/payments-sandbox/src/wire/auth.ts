import { timingSafeEqual } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { StripeApiError } from './errors';

/** The provider's API accepts only `Authorization: Bearer <secret key>`, as Stripe does. */
export function requireSecretKey(secretKey: string): MiddlewareHandler {
  const expected = Buffer.from(secretKey);
  return async (c, next) => {
    const header = c.req.header('authorization') ?? '';
    const presented = Buffer.from(header.startsWith('Bearer ') ? header.slice(7).trim() : '');
    if (presented.length === 0) {
      throw new StripeApiError(
        401,
        'invalid_request_error',
        'You did not provide an API key. Provide your API key in the Authorization header, using Bearer auth.',
      );
    }
    if (presented.length !== expected.length || !timingSafeEqual(presented, expected)) {
      const shown = presented.toString().slice(0, 8);
      throw new StripeApiError(401, 'invalid_request_error', `Invalid API Key provided: ${shown}***`);
    }
    await next();
  };
}
