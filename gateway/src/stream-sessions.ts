import type { ServerResponse } from 'node:http';
import type { Logger } from '@catalyst/service-kit';
import type { IdentityResolver } from './identity';

/** An event stream this gateway relays for a signed-in caller: the session it was opened with. */
interface Watched {
  token: string;
  userId: string;
}

export interface StreamSessions {
  /** Ends `res` (an event stream being relayed) as soon as `token` no longer resolves to `userId`. */
  watch(res: ServerResponse, token: string, userId: string): void;
  /**
   * The resolver, with its evictions followed at once by a check of the streams they touch: a logout or a
   * password reset through this gateway ends that session's streams before its answer is sent on.
   */
  resolver: IdentityResolver;
  /** Streams watched now. */
  size(): number;
}

/**
 * Event streams end when the session behind them ends. An open stream outlives the request that opened it,
 * so the identity check every other request gets once is repeated for it: every `intervalMs` (the identity
 * cache's window) each watched token is resolved again, as any request would resolve it, and a token that no
 * longer resolves to the same user (logged out, reset, revoked by an admin, account deleted) has its streams
 * cut. An eviction by this gateway checks the evicted token's or user's streams at once; one told by another
 * gateway, or a session ended in auth alone, is seen within the cache's TTL plus one interval. While auth
 * cannot be asked, streams are left open (nothing is known to have ended).
 */
export function createStreamSessions({
  identity,
  intervalMs,
  log,
}: {
  identity: IdentityResolver;
  intervalMs: number;
  log: Logger;
}): StreamSessions {
  const open = new Map<ServerResponse, Watched>();
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;

  async function check(which: (watched: Watched) => boolean) {
    const byToken = new Map<string, ServerResponse[]>();
    for (const [res, watched] of open)
      if (which(watched)) byToken.set(watched.token, [...(byToken.get(watched.token) ?? []), res]);
    await Promise.all(
      [...byToken].map(async ([token, streams]) => {
        let userId: string | undefined;
        try {
          userId = (await identity.resolve(token))?.id;
        } catch {
          return;
        }
        for (const res of streams) {
          const watched = open.get(res);
          if (!watched || watched.userId === userId) continue;
          open.delete(res);
          log.info({ userId: watched.userId }, 'event stream ended: its session has ended');
          res.destroy();
        }
      }),
    );
    if (open.size === 0) stop();
  }

  function stop() {
    clearInterval(timer);
    timer = undefined;
  }

  function start() {
    if (timer) return;
    timer = setInterval(() => {
      sweeping ??= check(() => true).finally(() => (sweeping = undefined));
    }, intervalMs);
    timer.unref();
  }

  const resolver: IdentityResolver = {
    resolve: (token, requestId) => identity.resolve(token, requestId),
    ...(identity.known ? { known: identity.known.bind(identity) } : {}),
    async evictToken(token) {
      await identity.evictToken(token);
      await check((watched) => watched.token === token);
    },
    async evictUser(userId) {
      await identity.evictUser(userId);
      await check((watched) => watched.userId === userId);
    },
  };

  return {
    watch(res, token, userId) {
      if (res.destroyed) return;
      open.set(res, { token, userId });
      res.once('close', () => {
        open.delete(res);
        if (open.size === 0) stop();
      });
      start();
    },
    resolver,
    size: () => open.size,
  };
}
