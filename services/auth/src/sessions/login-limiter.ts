import { createHash } from 'node:crypto';
import { tooManyRequests, type Cache } from '@catalyst/service-kit';
import { authMessages } from '@catalyst/contracts';
import { verifyPassword } from '../passwords';

export interface LoginLimits {
  /** Failed checks of one e-mail's password from one address before that pair is refused. */
  maxPerPair: number;
  /** Failed checks from one address, whatever the e-mail, before it is refused. */
  maxPerAddress: number;
  /** Failures of one e-mail from every address after which unknown addresses are slowed down. */
  slowAfterPerEmail: number;
  windowSeconds: number;
}

/** The longest wait the per-e-mail slow-down asks for; it never becomes a lockout. */
const MAX_DELAY_SECONDS = 5 * 60;
/** An address that signed in successfully is trusted for the e-mail this long. */
const TRUSTED_SECONDS = 30 * 24 * 60 * 60;

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const keys = (email: string, address: string) => ({
  pair: `login-failures:pair:${digest(`${email}\n${address}`)}`,
  address: `login-failures:address:${address}`,
  email: `login-failures:email:${digest(email)}`,
  slot: `login-slot:email:${digest(email)}`,
  trusted: `login-trusted:${digest(`${email}\n${address}`)}`,
});

export interface LoginAttempt {
  /** The password was wrong: the reserved attempt stays counted, the e-mail's slow-down grows. */
  failed(): Promise<void>;
  /** The password was right: the pair starts over and this address is trusted for the e-mail. */
  succeeded(): Promise<void>;
}

const tooManyAttempts = (retryAfterSeconds: number) =>
  tooManyRequests(authMessages.tooManyAttempts, retryAfterSeconds);

/**
 * Password checks are limited per (e-mail, address) pair and per address, in the shared cache (Redis
 * when configured, so limits hold across replicas). An attempt is reserved atomically (INCR) BEFORE
 * the password is checked, so any number of parallel requests gets at most the limit of checks.
 * Failures of one e-mail from everywhere only slow down addresses the owner never signed in from
 * (one check per exponentially growing interval), so an attacker cannot lock the owner out.
 */
export function createLoginLimiter(cache: Cache, limits: LoginLimits) {
  async function begin(email: string, address: string): Promise<LoginAttempt> {
    const k = keys(email, address);
    const [byPair, byAddress] = await Promise.all([
      cache.incr(k.pair, limits.windowSeconds),
      cache.incr(k.address, limits.windowSeconds),
    ]);
    const release = () => Promise.all([cache.decr(k.pair), cache.decr(k.address)]);
    if (byPair > limits.maxPerPair || byAddress > limits.maxPerAddress) {
      await release();
      throw tooManyAttempts(limits.windowSeconds);
    }
    const failures = (await cache.get<number>(k.email)) ?? 0;
    if (failures >= limits.slowAfterPerEmail && !(await cache.get(k.trusted))) {
      const delay = Math.min(2 ** Math.min(failures - limits.slowAfterPerEmail, 20), MAX_DELAY_SECONDS);
      if (!(await cache.claim(k.slot, delay))) {
        await release();
        throw tooManyAttempts(delay);
      }
    }
    return {
      async failed() {
        await cache.incr(k.email, limits.windowSeconds);
      },
      async succeeded() {
        await Promise.all([
          cache.del(k.pair),
          cache.decr(k.address),
          cache.set(k.trusted, 1, TRUSTED_SECONDS),
        ]);
      },
    };
  }
  /**
   * Checks a password under the limits: reserved first, then verified (argon2 work even without a
   * hash, so an unknown e-mail costs the same), then counted as a failure or a success.
   */
  async function checkPassword(
    email: string,
    address: string,
    hash: string | undefined,
    password: string,
  ): Promise<boolean> {
    const attempt = await begin(email, address);
    const valid = await verifyPassword(hash, password);
    await (valid ? attempt.succeeded() : attempt.failed());
    return valid;
  }

  return { begin, checkPassword };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
