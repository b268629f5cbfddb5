import type { Cache } from './cache';
import { tooManyRequests } from './errors';

/**
 * A fixed-window limit in the shared cache (Redis when configured, so it holds across replicas): each
 * call counts atomically (INCR) before the work it guards, so parallel requests cannot slip past it.
 */
export function fixedWindowLimit(
  cache: Cache,
  {
    name,
    max,
    windowSeconds,
    message,
  }: { name: string; max: number; windowSeconds: number; message: string },
) {
  return async function take(key: string): Promise<void> {
    const count = await cache.incr(`limit:${name}:${key}`, windowSeconds);
    if (count > max) throw tooManyRequests(message, windowSeconds);
  };
}
