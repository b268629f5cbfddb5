import { createHash } from 'node:crypto';
import type { Cache } from '@catalyst/service-kit';

export interface LoginLimits {
  maxPerEmail: number;
  maxPerAddress: number;
  windowSeconds: number;
}

const emailKey = (email: string) => `login-failures:email:${createHash('sha256').update(email).digest('hex')}`;
const addressKey = (address: string) => `login-failures:address:${address}`;

/**
 * Counts failed sign-ins per e-mail and per client address in the shared cache (Redis when configured,
 * so the limit holds across replicas). Once either count reaches its limit, attempts are refused until
 * the window that began with the first failure ends.
 */
export function createLoginLimiter(cache: Cache, limits: LoginLimits) {
  return {
    async isBlocked(email: string, address: string): Promise<boolean> {
      const [byEmail, byAddress] = await Promise.all([cache.get<number>(emailKey(email)), cache.get<number>(addressKey(address))]);
      return (byEmail ?? 0) >= limits.maxPerEmail || (byAddress ?? 0) >= limits.maxPerAddress;
    },
    async recordFailure(email: string, address: string): Promise<void> {
      await Promise.all([cache.incr(emailKey(email), limits.windowSeconds), cache.incr(addressKey(address), limits.windowSeconds)]);
    },
    /** A successful sign-in clears that e-mail's count (the address keeps its own). */
    async clear(email: string): Promise<void> {
      await cache.del(emailKey(email));
    },
  };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
