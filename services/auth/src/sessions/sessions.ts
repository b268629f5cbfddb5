import type { Kysely } from 'kysely';
import type { Identity } from '@catalyst/contracts';
import type { Cache, Logger } from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import { hashToken, newToken } from '../tokens';
import { identityOf } from '../users/users.repository';
import {
  deleteEndedFamilies,
  familyOfSession,
  findRefreshToken,
  insertFamily,
  insertRefreshToken,
  revokeFamilies,
  useRefreshToken,
} from './families.repository';
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
/** How long a remembered sign-in lasts without use by default (each use starts the window again). */
export const REMEMBER_DAYS_DEFAULT = 30;
/** How long a resolved session may be served from the cache (revocation deletes it at once anyway). */
const CACHE_TTL_SECONDS = 300;

/** Why a family ends: what the audit of a sign-in says. */
export type FamilyEnd = 'logout' | 'logout-all' | 'password-change' | 'password-reset' | 'reuse' | 'admin';

/** A remembered sign-in's credential, as the cookie carries it. */
export interface RefreshCredential {
  refreshToken: string;
  refreshExpiresAt: Date;
}

/** Why a refresh token was refused: unknown, expired (inactivity), revoked, or reused after its rotation. */
export type RefreshRefusal = 'unknown' | 'expired' | 'revoked' | 'reuse';

interface CachedSession {
  identity: Identity;
  expiresAt: number;
}

const cacheKey = (tokenHash: string) => `session:${tokenHash}`;

/**
 * Sessions: the database is the truth; the cache (Redis when configured) only saves a query. Every
 * revocation deletes the cache entry in the same call, so a logged-out token is refused at once.
 */
export function createSessions({
  db,
  cache,
  log,
  rememberDays = REMEMBER_DAYS_DEFAULT,
}: {
  db: Kysely<Database>;
  cache: Cache;
  log: Logger;
  rememberDays?: number;
}) {
  const rememberMs = rememberDays * 24 * 60 * 60 * 1000;

  /**
   * A sign-in: an access token for the tab and, when `remember`, a family with its first refresh token
   * (the long-lived credential the browser keeps in an HttpOnly cookie).
   */
  async function start(
    userId: string,
    context: { userAgent?: string; ip?: string } = {},
    { remember = false }: { remember?: boolean } = {},
  ): Promise<{ token: string; expiresAt: Date } & Partial<RefreshCredential>> {
    const token = newToken();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    if (!remember) {
      await insertSession(db, { userId, tokenHash: hashToken(token), expiresAt, ...context });
      return { token, expiresAt };
    }
    const refreshToken = newToken();
    const refreshExpiresAt = new Date(Date.now() + rememberMs);
    await db.transaction().execute(async (trx) => {
      const familyId = await insertFamily(trx, userId);
      await insertRefreshToken(trx, {
        familyId,
        tokenHash: hashToken(refreshToken),
        expiresAt: refreshExpiresAt,
      });
      await insertSession(trx, { userId, tokenHash: hashToken(token), expiresAt, familyId, ...context });
    });
    return { token, expiresAt, refreshToken, refreshExpiresAt };
  }

  /**
   * Rotates a refresh token: the presented one becomes used, a new one (a fresh inactivity window) and a
   * new access token of the same family are issued. A token presented again after its rotation is taken
   * for a stolen copy: the whole family ends, with every access token it minted.
   */
  async function refresh(
    refreshToken: string,
    context: { userAgent?: string; ip?: string } = {},
  ): Promise<
    | ({ ok: true; userId: string; token: string; expiresAt: Date } & RefreshCredential)
    | { ok: false; reason: RefreshRefusal }
  > {
    const tokenHash = hashToken(refreshToken);
    const issued = await db.transaction().execute(async (trx) => {
      const used = await useRefreshToken(trx, tokenHash);
      if (!used) return undefined;
      const next = newToken();
      const refreshExpiresAt = new Date(Date.now() + rememberMs);
      await insertRefreshToken(trx, {
        familyId: used.family_id,
        tokenHash: hashToken(next),
        expiresAt: refreshExpiresAt,
      });
      const token = newToken();
      const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
      await insertSession(trx, {
        userId: used.user_id,
        tokenHash: hashToken(token),
        expiresAt,
        familyId: used.family_id,
        ...context,
      });
      return {
        ok: true as const,
        userId: used.user_id,
        token,
        expiresAt,
        refreshToken: next,
        refreshExpiresAt,
      };
    });
    if (issued) return issued;
    const row = await findRefreshToken(db, tokenHash);
    if (!row) return { ok: false, reason: 'unknown' };
    if (row.revoked_at) return { ok: false, reason: 'revoked' };
    if (row.used_at) {
      await endFamilies([row.family_id], 'reuse');
      log.warn(
        { userId: row.user_id, familyId: row.family_id },
        'a rotated refresh token was presented again: sign-in ended',
      );
      return { ok: false, reason: 'reuse' };
    }
    return { ok: false, reason: 'expired' };
  }

  async function endFamilies(familyIds: string[], reason: FamilyEnd): Promise<void> {
    const hashes = await revokeFamilies(db, { familyIds }, reason);
    await cache.del(...hashes.map(cacheKey));
  }

  /** Ends the remembered sign-in a refresh token belongs to (logout); nothing for an unknown token. */
  async function endFamilyOfRefresh(refreshToken: string, reason: FamilyEnd): Promise<void> {
    const row = await findRefreshToken(db, hashToken(refreshToken));
    if (row) await endFamilies([row.family_id], reason);
  }

  /** Ends the remembered sign-in that minted an access token (logout from a tab); nothing for a tab-only one. */
  async function endFamilyOfSession(token: string, reason: FamilyEnd): Promise<void> {
    const familyId = await familyOfSession(db, hashToken(token));
    if (familyId) await endFamilies([familyId], reason);
  }

  async function resolve(token: string): Promise<Identity | null> {
    const tokenHash = hashToken(token);
    const cached = await cache.get<CachedSession>(cacheKey(tokenHash));
    if (cached && cached.expiresAt > Date.now()) return cached.identity;
    const row = await findLiveSession(db, tokenHash);
    if (!row) return null;
    const identity = identityOf(row);
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

  /**
   * Ends every session of a user but the one holding `keepToken`, and every remembered sign-in but the
   * one that minted it; answers how many access tokens ended.
   */
  async function endOthers(
    userId: string,
    keepToken: string | undefined,
    reason: FamilyEnd,
  ): Promise<number> {
    const keepFamily = keepToken ? await familyOfSession(db, hashToken(keepToken)) : undefined;
    const hashes = await revokeUserSessions(db, userId, keepToken ? hashToken(keepToken) : undefined);
    const familyHashes = await revokeFamilies(db, { userId, exceptFamilyId: keepFamily }, reason);
    await cache.del(...hashes.map(cacheKey), ...familyHashes.map(cacheKey));
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
    const families = await deleteEndedFamilies(db, new Date(Date.now() - 7 * 24 * 60 * 60 * 1000));
    if (families > 0) log.info({ removed: families }, 'pruned ended remembered sign-ins');
  }

  return {
    start,
    refresh,
    resolve,
    end,
    endOthers,
    endFamilyOfRefresh,
    endFamilyOfSession,
    forgetUser,
    evict,
    prune,
  };
}
export type Sessions = ReturnType<typeof createSessions>;
