import { createHash } from 'node:crypto';
import { tooManyRequests, type Cache } from '@catalyst/service-kit';
import { authMessages } from '@catalyst/contracts';
import { verifyPassword } from '../passwords';

export interface LoginLimits {
  /** Failed checks of one e-mail's password from one address before that pair is refused. */
  maxPerPair: number;
  /** Failed checks from one address, whatever the e-mail, before it is refused. */
  maxPerAddress: number;
  /** Failures of one e-mail from every address after which each unknown address is slowed down. */
  slowAfterPerEmail: number;
  windowSeconds: number;
}

/** The longest wait the per-e-mail slow-down asks for; it never becomes a lockout. */
const MAX_DELAY_SECONDS = 5 * 60;
/** The one wait of an address new to an e-mail under attack before its first check: short, so the owner barely notices. */
const FIRST_WAIT_SECONDS = 1;
/** An address that signed in successfully is trusted for the e-mail this long. */
const TRUSTED_SECONDS = 30 * 24 * 60 * 60;

const digest = (value: string) => createHash('sha256').update(value).digest('hex').slice(0, 32);
const keys = (email: string, address: string) => ({
  pair: `login-failures:pair:${digest(`${email}\n${address}`)}`,
  address: `login-failures:address:${address}`,
  email: `login-failures:email:${digest(email)}`,
  slot: `login-slot:pair:${digest(`${email}\n${address}`)}`,
  knock: `login-knock:pair:${digest(`${email}\n${address}`)}`,
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
 * Failures of one e-mail from everywhere slow down addresses the owner never signed in from, each
 * (e-mail, address) pair on its own: a pair's first attempt is answered 429 with a one-second Retry-After,
 * then it gets one check per exponentially growing interval (at most 5 minutes). Nothing another address
 * sends touches that pair, so the owner's right password from a new device gets in after that one short
 * wait whatever an attacker does, and nobody can lock them out.
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
      // A pair new to the slow-down waits FIRST_WAIT_SECONDS once; then it gets one check per interval.
      if (await cache.claim(k.knock, limits.windowSeconds)) {
        await cache.claim(k.slot, FIRST_WAIT_SECONDS);
        await release();
        throw tooManyAttempts(FIRST_WAIT_SECONDS);
      }
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

  /** Whether the owner of `email` signed in from `address` (in the last 30 days): their own address. */
  async function isTrusted(email: string, address: string): Promise<boolean> {
    return (await cache.get(keys(email, address).trusted)) !== undefined;
  }

  return { begin, checkPassword, isTrusted };
}
export type LoginLimiter = ReturnType<typeof createLoginLimiter>;
