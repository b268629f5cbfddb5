import type { Context } from 'hono';

/**
 * The client's address as the gateway saw it: the last entry of x-forwarded-for (earlier entries are
 * whatever the client sent and cannot be trusted). Direct calls without the header share one bucket.
 */
export function clientAddress(c: Context): string {
  const forwarded = c.req.header('x-forwarded-for');
  const last = forwarded
    ?.split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .pop();
  return last && last.length <= 100 ? last : 'direct';
}

export const userAgent = (c: Context): string | undefined => c.req.header('user-agent') ?? undefined;
