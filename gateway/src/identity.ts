import { hash } from 'node:crypto';
import { apiKeyInternalRoutes, authInternalRoutes, identitySchema, type Identity } from '@catalyst/contracts';
import {
  CACHE_PURGE_CHANNEL,
  HttpError,
  TtlLru,
  createPeer,
  type Broadcast,
  type Cache,
  type Logger,
} from '@catalyst/service-kit';
import { isApiKey } from './api-keys';

/** Auth could not be asked (down, slow or failing): the request cannot be attributed, so it is refused. */
export class AuthUnavailableError extends Error {
  constructor() {
    super('auth service unreachable while resolving a session token');
    this.name = 'AuthUnavailableError';
  }
}

export interface IdentityResolver {
  /** The session's identity, null for an invalid/expired/revoked token; throws AuthUnavailableError. */
  resolve(token: string, requestId?: string): Promise<Identity | null>;
  /** What `resolve` would answer at once from this process's cache; undefined when it would have to ask. */
  known?(token: string): Identity | null | undefined;
  /** Forgets one token (after logout). */
  evictToken(token: string): Promise<void>;
  /** Forgets every cached session of a user (after a password or profile change). */
  evictUser(userId: string): Promise<void>;
}

export interface IdentityResolverOptions {
  authUrl: string;
  internalSecret: string;
  ttlSeconds: number;
  timeoutMs: number;
  log: Logger;
  /** A shared cache (Redis) so several gateway instances resolve a token once; omitted → in-process only. */
  shared?: Cache;
  /**
   * Redis pub/sub (REDIS_URL) between gateways: an eviction here is told to every other gateway, whose own
   * in-process copy would otherwise answer for up to ttlSeconds; auth's `user:<id>` invalidations evict too.
   */
  broadcast?: Broadcast;
  maxEntries?: number;
}

/** Where gateways tell each other which cached sessions to forget: `token:<sha256>` or `user:<id>`. */
const IDENTITY_EVICT_CHANNEL = 'catalyst:identity-evict';

const TOKEN_PATTERN = /^[A-Za-z0-9._~+/=-]{16,512}$/;

/** The bearer token of an Authorization header, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  const match = header ? /^Bearer\s+(\S+)\s*$/i.exec(header) : null;
  return match?.[1];
}

// Tokens are never kept as such: every cache key is a SHA-256 of the token (node's one-shot hash: no Hash object
// a request, the same digest).
const tokenKey = (token: string) => hash('sha256', token, 'hex');

interface Cached {
  identity: Identity | null;
}

export function createIdentityResolver({
  authUrl,
  internalSecret,
  ttlSeconds,
  timeoutMs,
  log,
  shared,
  broadcast,
  maxEntries = 10_000,
}: IdentityResolverOptions): IdentityResolver {
  const auth = createPeer({ baseUrl: authUrl, secret: internalSecret, timeoutMs });
  const byUser = new Map<string, Set<string>>();
  const local = new TtlLru<string, Cached>(maxEntries, ttlSeconds * 1000, (key, value) => {
    const id = value.identity?.id;
    const keys = id ? byUser.get(id) : undefined;
    keys?.delete(key);
    if (id && keys?.size === 0) byUser.delete(id);
  });
  const inFlight = new Map<string, Promise<Identity | null>>();
  let lastSecretWarning = 0;
  // Bumped by every eviction: a lookup that started before one does not write its answer back.
  let generation = 0;

  const sharedKey = (key: string) => `identity:${key}`;
  const sharedUserKey = (userId: string) => `identity-user:${userId}`;

  function remember(key: string, value: Cached) {
    local.set(key, value);
    const id = value.identity?.id;
    if (id && ttlSeconds > 0) {
      const keys = byUser.get(id) ?? new Set<string>();
      keys.add(key);
      byUser.set(id, keys);
    }
  }

  async function rememberShared(key: string, value: Cached) {
    if (!shared || ttlSeconds <= 0) return;
    await shared.set(sharedKey(key), value, ttlSeconds);
    const id = value.identity?.id;
    if (id) {
      const known = (await shared.get<string[]>(sharedUserKey(id))) ?? [];
      if (!known.includes(key)) await shared.set(sharedUserKey(id), [...known.slice(-50), key], ttlSeconds);
    }
  }

  async function askAuth(token: string, requestId?: string): Promise<Identity | null> {
    try {
      // An API key (`cat_live_…`) resolves to its owner marked with the key; anything else is a session.
      const data: { identity?: unknown } | null = isApiKey(token)
        ? await auth.call(apiKeyInternalRoutes.resolveApiKey, { body: { secret: token } }, { requestId })
        : await auth.call(authInternalRoutes.resolveSession, { body: { token } }, { requestId });
      const parsed = identitySchema.safeParse(data?.identity);
      if (!parsed.success) {
        log.error({ requestId }, 'auth answered a session resolution without a valid identity');
        throw new AuthUnavailableError();
      }
      return parsed.data;
    } catch (error) {
      if (error instanceof HttpError && error.status >= 400 && error.status < 500) {
        // Auth answers 401 for a bad token; a 404 means /internal refused the shared secret.
        if (error.status === 404 && Date.now() - lastSecretWarning > 60_000) {
          lastSecretWarning = Date.now();
          log.error(
            { requestId },
            'auth refused the session lookup: INTERNAL_SECRET probably differs between the gateway and auth',
          );
        }
        return null;
      }
      if (!(error instanceof AuthUnavailableError))
        log.warn({ requestId, err: (error as Error).message }, 'auth unreachable while resolving a token');
      throw error instanceof AuthUnavailableError ? error : new AuthUnavailableError();
    }
  }

  async function lookup(key: string, token: string, requestId?: string): Promise<Identity | null> {
    const startedAt = generation;
    const fromShared = shared && ttlSeconds > 0 ? await shared.get<Cached>(sharedKey(key)) : undefined;
    if (fromShared && generation === startedAt) {
      remember(key, fromShared);
      return fromShared.identity;
    }
    const identity = await askAuth(token, requestId);
    if (generation === startedAt) {
      remember(key, { identity });
      await rememberShared(key, { identity });
    }
    return identity;
  }

  function forgetToken(key: string) {
    generation++;
    local.delete(key);
    inFlight.delete(key);
  }
  function forgetUser(userId: string) {
    generation++;
    for (const key of [...(byUser.get(userId) ?? [])]) {
      local.delete(key);
      inFlight.delete(key);
    }
    byUser.delete(userId);
  }
  const tell = (message: string) =>
    broadcast
      ?.publish(IDENTITY_EVICT_CHANNEL, message)
      .catch((error: unknown) =>
        log.warn(
          { err: (error as Error).message },
          'identity eviction not told to the other gateways; their copies expire on the TTL',
        ),
      );
  if (broadcast && ttlSeconds > 0) {
    // A (re)subscription forgets everything: evictions sent while it was down were missed.
    const forgetAll = () => {
      generation++;
      local.clear();
      byUser.clear();
    };
    broadcast.subscribe(
      IDENTITY_EVICT_CHANNEL,
      (message) => {
        if (message.startsWith('token:')) forgetToken(message.slice('token:'.length));
        else if (message.startsWith('user:')) forgetUser(message.slice('user:'.length));
      },
      forgetAll,
    );
    // A password reset, a role change or an account deleted in auth: its `user` invalidation (service-kit's encoding).
    broadcast.subscribe(
      CACHE_PURGE_CHANNEL,
      (message) => message.startsWith('user:') && forgetUser(message.slice('user:'.length)),
      forgetAll,
    );
  }

  const resolver: IdentityResolver & Required<Pick<IdentityResolver, 'known'>> = {
    known(token) {
      if (!TOKEN_PATTERN.test(token)) return null;
      return local.get(tokenKey(token))?.identity;
    },
    async resolve(token, requestId) {
      const known = resolver.known(token);
      if (known !== undefined) return known;
      const key = tokenKey(token);
      const pending = inFlight.get(key);
      if (pending) return pending;
      const promise = lookup(key, token, requestId).finally(() => inFlight.delete(key));
      inFlight.set(key, promise);
      return promise;
    },

    async evictToken(token) {
      const key = tokenKey(token);
      forgetToken(key);
      await Promise.all([shared?.del(sharedKey(key)), tell(`token:${key}`)]);
    },

    async evictUser(userId) {
      forgetUser(userId);
      await tell(`user:${userId}`);
      if (shared) {
        const keys = (await shared.get<string[]>(sharedUserKey(userId))) ?? [];
        await shared.del(sharedUserKey(userId), ...keys.map(sharedKey));
      }
    },
  };
  return resolver;
}
