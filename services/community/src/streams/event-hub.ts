import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import type { Broadcast, Logger } from '@catalyst/service-kit';

/** Where replicas tell each other about open event streams (REDIS_URL): one subscription per process. */
export const EVENTS_CHANNEL = 'catalyst:community-events';

/** What a browser waits before reconnecting a dropped stream (the `retry:` hint). */
export const RETRY_MS = 3_000;
/** Frames a connection may have unread before it is dropped (a client that stopped reading). */
const MAX_UNREAD_FRAMES = 256;

/** An event of a stream: its `type` is the SSE `event:` line. */
export interface StreamEvent {
  type: string;
}

/** The writable end of one open event stream (Hono's SSE stream fits). */
export interface EventSink {
  write(bytes: Uint8Array): Promise<unknown>;
}

const encoder = new TextEncoder();

/** One SSE frame: `event:` is the event's type, `id:` (when given) what a reconnecting browser sends back as Last-Event-ID. */
export function sseFrame<E extends StreamEvent>(event: E, id?: string): Uint8Array {
  return encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n${id ? `id: ${id}\n` : ''}\n`);
}
export const retryFrame = (ms = RETRY_MS) => encoder.encode(`retry: ${ms}\n\n`);
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

interface Connection {
  sink: EventSink;
  /** Frames that arrived while the stream's first frames were being written (sent after them, in order). */
  held: Uint8Array[] | null;
  unread: number;
  end: () => void;
}

/** A kind of topic (`live`, `thread`): the events its streams carry, and what the process does around them. */
export interface TopicKind<E extends StreamEvent> {
  /** Checks what other replicas send (a message that does not match is dropped). */
  schema: z.ZodType<E>;
  /** Every event of a topic open in this process, before its streams get it (local or from another replica). */
  onEvent?: (key: string, event: E) => void;
  /** The topic's last stream in this process has gone. */
  onIdle?: (key: string) => void;
}

/** The open streams of one kind of topic, by key (`live:<productId>`, `thread:<threadId>`). */
export interface Topics<E extends StreamEvent> {
  /**
   * Adds an open stream to a topic. Events arriving before `ready` is called are held and sent right after it
   * (so a stream's first frames, written meanwhile, come first). `end` is called when the hub drops the
   * stream (the topic was closed, the Redis subscription restarted, or the client stopped reading).
   */
  attach(key: string, sink: EventSink, end: () => void): { ready(): void; detach(): void };
  /**
   * An event of a topic, to every stream on every replica. The request that caused it does not wait for
   * Redis (publishing never fails: a message Redis cannot take now is dropped, and the subscription's restart
   * ends the streams, whose browsers then reconnect and read again).
   */
  publish(key: string, event: E, id?: string): void;
  /** An event for this process's streams of a topic only (what every replica works out for itself). */
  deliverLocal(key: string, event: E, id?: string): void;
  /** The topic is gone: every replica ends its streams. */
  close(key: string): void;
  /** Open streams of this kind in this process. */
  connections(): number;
  /** Ends this kind's streams in this process. */
  closeAll(): void;
}

/**
 * The community's event streams and their fan-out, keyed by topic. Every event is delivered at once to this
 * process's open streams of its topic and published once on Redis (when configured) for the other replicas,
 * which deliver it to theirs (a process ignores its own messages). Each frame is encoded once and written to
 * every local stream of the topic; one timer writes every stream's heartbeat.
 */
export function createEventHub({
  broadcast,
  log,
  heartbeatMs,
}: {
  broadcast: Broadcast;
  log: Logger;
  heartbeatMs: number;
}) {
  const origin = randomBytes(8).toString('hex');
  const topics = new Map<string, Set<Connection>>();
  const kinds = new Map<string, TopicKind<StreamEvent>>();
  let total = 0;

  const send = (connection: Connection, frame: Uint8Array) => {
    if (connection.held) {
      connection.held.push(frame);
      return;
    }
    if (connection.unread >= MAX_UNREAD_FRAMES) {
      log.warn({ unread: connection.unread }, 'event stream dropped: the client stopped reading');
      connection.end();
      return;
    }
    connection.unread += 1;
    void connection.sink.write(frame).finally(() => {
      connection.unread -= 1;
    });
  };

  const deliver = (topic: string, frame: Uint8Array) => {
    for (const connection of topics.get(topic) ?? []) send(connection, frame);
  };

  const closeLocal = (topic: string) => {
    for (const connection of topics.get(topic) ?? []) connection.end();
  };

  /** `live:abc` → ['live', 'abc'] (keys are ids: the first colon splits). */
  const split = (topic: string): [string, string] => {
    const at = topic.indexOf(':');
    return [topic.slice(0, at), topic.slice(at + 1)];
  };

  broadcast.subscribe(
    EVENTS_CHANNEL,
    (raw) => {
      let message: { o?: unknown; t?: unknown; e?: unknown; id?: unknown; close?: unknown };
      try {
        message = JSON.parse(raw);
      } catch {
        return;
      }
      if (message.o === origin || typeof message.t !== 'string' || !topics.has(message.t)) return;
      if (message.close === true) return closeLocal(message.t);
      const [name, key] = split(message.t);
      const kind = kinds.get(name);
      const event = kind?.schema.safeParse(message.e);
      if (!kind || !event?.success) return;
      kind.onEvent?.(key, event.data);
      deliver(
        message.t,
        sseFrame(
          event.data,
          typeof message.id === 'string' || typeof message.id === 'number' ? String(message.id) : undefined,
        ),
      );
    },
    () => {
      // The subscription (re)started: other replicas' events of the gap are lost. Open streams end, so their
      // browsers reconnect (after the retry hint) and read what changed meanwhile.
      if (total === 0) return;
      log.info(
        { streams: total },
        'community events: Redis subscription restarted, streams asked to reconnect',
      );
      for (const topic of [...topics.keys()]) closeLocal(topic);
    },
  );

  const heartbeat = setInterval(() => {
    for (const connections of topics.values())
      for (const connection of connections) send(connection, HEARTBEAT);
  }, heartbeatMs);
  heartbeat.unref();

  function kind<E extends StreamEvent>(name: string, spec: TopicKind<E>): Topics<E> {
    if (kinds.has(name) || name.includes(':'))
      throw new Error(`event topic kind ${name} declared twice or with a colon`);
    kinds.set(name, spec as unknown as TopicKind<StreamEvent>);
    const topicOf = (key: string) => `${name}:${key}`;
    let count = 0;
    return {
      attach(key, sink, end) {
        const topic = topicOf(key);
        const connections = topics.get(topic) ?? new Set<Connection>();
        topics.set(topic, connections);
        const connection: Connection = { sink, held: [], unread: 0, end };
        connections.add(connection);
        total += 1;
        count += 1;
        return {
          ready() {
            const held = connection.held ?? [];
            connection.held = null;
            for (const frame of held) send(connection, frame);
          },
          detach() {
            if (!connections.delete(connection)) return;
            total -= 1;
            count -= 1;
            if (connections.size === 0 && topics.get(topic) === connections) {
              topics.delete(topic);
              spec.onIdle?.(key);
            }
          },
        };
      },
      publish(key, event, id) {
        const topic = topicOf(key);
        if (topics.has(topic)) {
          spec.onEvent?.(key, event);
          deliver(topic, sseFrame(event, id));
        }
        void broadcast.publish(
          EVENTS_CHANNEL,
          JSON.stringify({ o: origin, t: topic, e: event, ...(id ? { id: String(id) } : {}) }),
        );
      },
      deliverLocal(key, event, id) {
        deliver(topicOf(key), sseFrame(event, id));
      },
      close(key) {
        closeLocal(topicOf(key));
        void broadcast.publish(EVENTS_CHANNEL, JSON.stringify({ o: origin, t: topicOf(key), close: true }));
      },
      connections: () => count,
      closeAll() {
        for (const topic of [...topics.keys()]) if (split(topic)[0] === name) closeLocal(topic);
      },
    };
  }

  return {
    kind,
    /** Open streams in this process, of every kind. */
    connections: () => total,
    close() {
      clearInterval(heartbeat);
      for (const topic of [...topics.keys()]) closeLocal(topic);
    },
  };
}
export type EventHub = ReturnType<typeof createEventHub>;
