import { platformRoutes, type Invalidation } from '@catalyst/contracts';
import { CACHE_PURGE_CHANNEL, type Broadcast } from './broadcast';
import type { Logger } from './logger';
import type { Peer } from './peers';

export type InvalidationTopic = Invalidation['topic'];

/**
 * The one cache-invalidation channel. A message says what may be out of date: a service's public answers
 * (topic 'content'), or one user's identity ('user') or plan ('entitlement'), keyed by the user id. It is
 * delivered to this process's subscribers at once, to every process listening on Redis (REDIS_URL: other
 * replicas, every gateway's edge cache), and to the named peers over HTTP (`POST /internal/invalidations`,
 * which createService mounts), so a peer hears it without Redis too. Delivery is best effort: every cache
 * it clears also expires on its own TTL, and a subscriber is told (onResync) when it may have missed some.
 */
export interface Invalidations {
  publish(topic: InvalidationTopic, key?: string, requestId?: string): Promise<void>;
  subscribe(
    topic: InvalidationTopic,
    onMessage: (key: string | undefined) => void,
    onResync?: () => void,
  ): void;
  /** Hands a message that arrived over HTTP to this process's subscribers. */
  deliver(message: Invalidation): void;
}

/** On the wire (Redis): `content`, or `entitlement:<userId>`; the gateway reads a bare service name as "purge its answers". */
const encode = ({ topic, key }: Invalidation) => (key === undefined ? topic : `${topic}:${key}`);
function decode(message: string): Invalidation | undefined {
  const at = message.indexOf(':');
  const topic = at < 0 ? message : message.slice(0, at);
  if (topic !== 'content' && topic !== 'user' && topic !== 'entitlement') return undefined;
  return at < 0 ? { topic } : { topic, key: message.slice(at + 1) };
}

export function createInvalidations({
  broadcast,
  peers = [],
  log,
}: {
  broadcast?: Broadcast;
  peers?: Peer[];
  log?: Logger;
}): Invalidations {
  const subscribers = new Map<
    InvalidationTopic,
    Array<{ onMessage: (key: string | undefined) => void; onResync?: () => void }>
  >();
  let listening = false;

  const deliver = ({ topic, key }: Invalidation) => {
    for (const subscriber of subscribers.get(topic) ?? []) subscriber.onMessage(key);
  };

  return {
    deliver,
    async publish(topic, key, requestId) {
      const message = { topic, key };
      deliver(message);
      const sent = peers.map((peer) =>
        peer.call(platformRoutes.invalidate, { body: message }, { requestId }).catch((error: unknown) => {
          log?.warn(
            { requestId, topic, key, peer: peer.baseUrl, err: (error as Error).message },
            'invalidation not delivered; the TTL will clear it',
          );
        }),
      );
      await Promise.all([broadcast?.publish(CACHE_PURGE_CHANNEL, encode(message)), ...sent]);
    },
    subscribe(topic, onMessage, onResync) {
      subscribers.set(topic, [...(subscribers.get(topic) ?? []), { onMessage, onResync }]);
      if (listening || !broadcast) return;
      listening = true;
      broadcast.subscribe(
        CACHE_PURGE_CHANNEL,
        (raw) => {
          const message = decode(raw);
          if (message) deliver(message);
        },
        () => {
          for (const list of subscribers.values()) for (const subscriber of list) subscriber.onResync?.();
        },
      );
    },
  };
}
