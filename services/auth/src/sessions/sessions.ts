import type { Kysely } from 'kysely';
import type { Identity } from '@catalyst/contracts';
import type { Cache, Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { hashToken, newToken } from '../tokens';
import {
  deleteEndedSessions,
  findLiveSession,
  insertSession,
  liveTokenHashes,
  revokeSession,
  revokeUserSessions,
} from './sessions.repository';

/** Absolute lifetime of a sign-in; never extended by use. */
export const SESSION_TTL_MS = 12 * 60 * 60 * 1000;
/** How long a resolved session may be served from the cache (revocation deletes it at once anyway). */
const CACHE_TTL_SECONDS = 300;

interface CachedSession {
  identity: Identity;
  expiresAt: number;
}

const cacheKey = (tokenHash: string) => `session:${tokenHash}`;

/**
 * Sessions: the database is the truth; the cache (Redis when configured) only saves a query. Every
 * revocation deletes the cache entry in the same call, so a logged-out token is refused at once.
 */
export function createSessions({ db, cache, log }: { db: Kysely<Database>; cache: Cache; log: Logger }) {
  async function start(userId: string, context: { userAgent?: string; ip?: string } = {}) {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt, ...context });
    return { token, expiresAt };
  }

  async function resolve(token: string): Promise<Identity | null> {
    const tokenHash = hashToken(token);
    const cached = await cache.get<CachedSession>(cacheKey(tokenHash));
    if (cached && cached.expiresAt > Date.now()) return cached.identity;
    const row = await findLiveSession(db, tokenHash);
    if (!row) return null;
    const identity: Identity = {
      id: row.id,
      role: row.role,
      email: row.email,
      name: row.name,
      emailVerified: row.email_verified_at !== null,
      createdAt: row.created_at.toISOString(),
    };
    const remainingSeconds = Math.floor((row.expires_at.getTime() - Date.now()) / 1000);
    if (remainingSeconds > 0) {
      await cache.set(
        cacheKey(tokenHash),
        { identity, expiresAt: row.expires_at.getTime() } satisfies CachedSession,
        Math.min(CACHE_TTL_SECONDS, remainingSeconds),
      );
    }
    return identity;
  }

  async function end(token: string): Promise<boolean> {
    const tokenHash = hashToken(token);
    const revoked = await revokeSession(db, tokenHash);
    await cache.del(cacheKey(tokenHash));
    return revoked;
  }

  /** Ends every session of a user but the one holding `keepToken`; answers how many ended. */
  async function endOthers(userId: string, keepToken?: string): Promise<number> {
    const hashes = await revokeUserSessions(db, userId, keepToken ? hashToken(keepToken) : undefined);
    await cache.del(...hashes.map(cacheKey));
    return hashes.length;
  }

  /** After a name, e-mail or role change: cached identities of this user are stale. */
  async function forgetUser(userId: string): Promise<void> {
    const hashes = await liveTokenHashes(db, userId);
    await cache.del(...hashes.map(cacheKey));
  }

  /** After the rows are gone (account deletion): drops the cached identities of those tokens. */
  async function evict(tokenHashes: string[]): Promise<void> {
    await cache.del(...tokenHashes.map(cacheKey));
  }

  /** Housekeeping: rows of sessions that ended over a week ago. */
  async function prune(): Promise<void> {
    const removed = await deleteEndedSessions(db, new Date(Date.now() - 7 * 24 * 60 * 60 * 1000));
    if (removed > 0) log.info({ removed }, 'pruned ended sessions');
  }

  return { start, resolve, end, endOthers, forgetUser, evict, prune };
}
export type Sessions = ReturnType<typeof createSessions>;
