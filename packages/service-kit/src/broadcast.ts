import { Redis } from 'ioredis';
import type { Logger } from './logger';

/**
 * Where a service announces that answers it gave may be out of date (message: the service's name), so
 * every gateway (edge cache) and replica (read memos) forgets them at once rather than at their TTL.
 */
export const CACHE_PURGE_CHANNEL = 'catalyst:cache-purge';

/**
 * Fire-and-forget messages between processes over Redis pub/sub (REDIS_URL). Without Redis, or while it
 * is down, nothing is delivered: callers must stay correct on their TTLs alone, and `onResync` tells a
 * subscriber when its subscription (re)starts, since messages sent meanwhile were missed.
 */
export interface Broadcast {
  publish(channel: string, message: string): Promise<void>;
  subscribe(channel: string, onMessage: (message: string) => void, onResync?: () => void): void;
  close(): Promise<void>;
}

const redisOptions = {
  lazyConnect: false,
  maxRetriesPerRequest: 1,
  connectTimeout: 1_000,
  retryStrategy: (attempt: number) => Math.min(attempt * 200, 2_000),
};

export function createBroadcast({ redisUrl, log }: { redisUrl?: string; log?: Logger }): Broadcast {
  if (!redisUrl)
    return { publish: async () => undefined, subscribe: () => undefined, close: async () => undefined };
  let publisher: Redis | undefined;
  let subscriber: Redis | undefined;
  const handlers = new Map<string, Array<{ onMessage: (message: string) => void; onResync?: () => void }>>();
  let firstConnection: Promise<void> | undefined;
  let lastWarning = 0;
  const warn = (message: string, error: unknown) => {
    if (Date.now() - lastWarning < 60_000) return;
    lastWarning = Date.now();
    log?.warn({ err: (error as Error)?.message ?? String(error) }, message);
  };

  return {
    async publish(channel, message) {
      // No offline queue: a message that cannot go now is dropped (the TTLs bound what it would have cleared).
      if (!publisher) {
        publisher = new Redis(redisUrl, {
          ...redisOptions,
          enableOfflineQueue: false,
          commandTimeout: 500,
        }).on('error', (e) => warn('broadcast: redis unavailable', e));
        // Without an offline queue a command sent before the first connection is refused: the first message
        // of a process (often its only one, as in a one-off job) waits for that connection, once, briefly.
        firstConnection = untilReady(publisher, redisOptions.connectTimeout);
      }
      await firstConnection;
      try {
        await publisher.publish(channel, message);
      } catch (error) {
        warn('broadcast: a message could not be published', error);
      }
    },

    subscribe(channel, onMessage, onResync) {
      const list = handlers.get(channel) ?? [];
      list.push({ onMessage, onResync });
      handlers.set(channel, list);
      if (!subscriber) {
        subscriber = new Redis(redisUrl, redisOptions);
        subscriber.on('error', (e) => warn('broadcast: redis unavailable, relying on TTLs', e));
        subscriber.on('message', (from: string, message: string) => {
          for (const handler of handlers.get(from) ?? []) handler.onMessage(message);
        });
        // ioredis subscribes again after every reconnect; whatever was sent in between is lost.
        subscriber.on('ready', () => {
          for (const list of handlers.values()) for (const handler of list) handler.onResync?.();
        });
      }
      subscriber.subscribe(channel).catch((error: unknown) => warn('broadcast: could not subscribe', error));
    },

    async close() {
      publisher?.disconnect();
      subscriber?.disconnect();
    },
  };
}

/** Resolves when the connection is ready, or after `ms` (a down Redis must not hold a caller longer). */
function untilReady(redis: Redis, ms: number): Promise<void> {
  if (redis.status === 'ready') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      redis.off('ready', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    timer.unref();
    redis.once('ready', done);
  });
}
