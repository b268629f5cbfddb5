import { randomBytes } from 'node:crypto';
import { liveEventSchema, type LiveEvent, type LiveStatus } from '@catalyst/contracts';
import type { Broadcast, Logger } from '@catalyst/service-kit';

/** Where replicas tell each other about live boards (REDIS_URL): one subscription per process. */
export const LIVE_CHANNEL = 'catalyst:community-live';

/** What a browser waits before reconnecting a dropped stream (the `retry:` hint). */
export const LIVE_RETRY_MS = 3_000;
/** Frames a connection may have unread before it is dropped (a client that stopped reading). */
const MAX_UNREAD_FRAMES = 256;
/** The longest a timer may wait (setTimeout's limit); a later start is looked at again then. */
const MAX_TIMER_MS = 2_147_483_647;

export interface SessionTimes {
  startsAt: Date;
  endsAt: Date;
}

export const liveStatusAt = ({ startsAt, endsAt }: SessionTimes, now: Date): LiveStatus =>
  now < startsAt ? 'scheduled' : now < endsAt ? 'live' : 'ended';

/** The writable end of one open event stream (Hono's SSE stream fits). */
export interface EventSink {
  write(bytes: Uint8Array): Promise<unknown>;
}

const encoder = new TextEncoder();

/** One SSE frame: `event:` is the event's type, `id:` (when given) what a reconnecting browser sends back as Last-Event-ID. */
export function sseFrame(event: LiveEvent, id?: string): Uint8Array {
  return encoder.encode(`event: ${event.type}\ndata: ${JSON.stringify(event)}\n${id ? `id: ${id}\n` : ''}\n`);
}
export const retryFrame = (ms = LIVE_RETRY_MS) => encoder.encode(`retry: ${ms}\n\n`);
const HEARTBEAT = encoder.encode(': heartbeat\n\n');

interface Connection {
  sink: EventSink;
  /** Frames that arrived while the stream's first frames were being written (sent after them, in order). */
  held: Uint8Array[] | null;
  unread: number;
  end: () => void;
}

interface Board {
  connections: Set<Connection>;
  times?: SessionTimes;
  timer?: NodeJS.Timeout;
}

const wireSchema = liveEventSchema;

/**
 * The live boards' fan-out. Every event is delivered at once to this process's open streams and published
 * once on Redis (when configured) for the other replicas, which deliver it to theirs (a process ignores its
 * own messages). Each frame is encoded once and written to every local stream of the product; one timer
 * writes every stream's heartbeat. Session starts and ends are announced by each process from the clock.
 */
export function createLiveHub({ broadcast, log, now, heartbeatMs }: { broadcast: Broadcast; log: Logger; now: () => Date; heartbeatMs: number }) {
  const origin = randomBytes(8).toString('hex');
  const boards = new Map<string, Board>();
  let total = 0;

  const send = (connection: Connection, frame: Uint8Array) => {
    if (connection.held) {
      connection.held.push(frame);
      return;
    }
    if (connection.unread >= MAX_UNREAD_FRAMES) {
      log.warn({ unread: connection.unread }, 'live stream dropped: the client stopped reading');
      connection.end();
      return;
    }
    connection.unread += 1;
    void connection.sink.write(frame).finally(() => {
      connection.unread -= 1;
    });
  };

  const deliver = (productId: string, frame: Uint8Array) => {
    for (const connection of boards.get(productId)?.connections ?? []) send(connection, frame);
  };

  // Each process times the starts and ends of the sessions its streams watch: no message needed.
  const arm = (productId: string, board: Board) => {
    clearTimeout(board.timer);
    board.timer = undefined;
    if (!board.times || board.connections.size === 0) return;
    const at = now().getTime();
    const next = [board.times.startsAt.getTime(), board.times.endsAt.getTime()].find((t) => t > at);
    if (next === undefined) return;
    board.timer = setTimeout(() => {
      if (board.times && next - now().getTime() <= 0) deliver(productId, sseFrame(sessionEvent(board.times, now())));
      arm(productId, board);
    }, Math.min(next - at, MAX_TIMER_MS));
    board.timer.unref();
  };

  const watchTimes = (productId: string, times: SessionTimes) => {
    const board = boards.get(productId);
    if (!board) return;
    board.times = times;
    arm(productId, board);
  };

  const closeLocal = (productId: string) => {
    for (const connection of boards.get(productId)?.connections ?? []) connection.end();
  };

  broadcast.subscribe(LIVE_CHANNEL, (raw) => {
    let message: { o: string; p: string; e?: unknown; id?: string; close?: true };
    try {
      message = JSON.parse(raw);
    } catch {
      return;
    }
    if (message.o === origin || typeof message.p !== 'string' || !boards.has(message.p)) return;
    if (message.close) return closeLocal(message.p);
    const event = wireSchema.safeParse(message.e);
    if (!event.success) return;
    if (event.data.type === 'session') watchTimes(message.p, { startsAt: new Date(event.data.startsAt), endsAt: new Date(event.data.endsAt) });
    deliver(message.p, sseFrame(event.data, message.id));
  }, () => {
    // The subscription (re)started: other replicas' events of the gap are lost. Open streams end, so their
    // browsers reconnect (after the retry hint) with Last-Event-ID and get what changed from the database.
    if (total === 0) return;
    log.info({ streams: total }, 'live boards: Redis subscription restarted, streams asked to reconnect');
    for (const productId of [...boards.keys()]) closeLocal(productId);
  });

  const heartbeat = setInterval(() => {
    for (const board of boards.values()) for (const connection of board.connections) send(connection, HEARTBEAT);
  }, heartbeatMs);
  heartbeat.unref();

  return {
    /**
     * Adds an open stream to a product's board. Events arriving before `ready` is called are held and sent
     * right after it (so a stream's first frames, written meanwhile, come first). `end` is called when the
     * hub drops the stream (the session was removed, or the client stopped reading).
     */
    attach(productId: string, sink: EventSink, times: SessionTimes, end: () => void) {
      const board = boards.get(productId) ?? { connections: new Set<Connection>() };
      boards.set(productId, board);
      const connection: Connection = { sink, held: [], unread: 0, end };
      board.connections.add(connection);
      total += 1;
      if (!board.times || board.times.startsAt.getTime() !== times.startsAt.getTime() || board.times.endsAt.getTime() !== times.endsAt.getTime() || !board.timer) {
        board.times = times;
        arm(productId, board);
      }
      return {
        ready() {
          const held = connection.held ?? [];
          connection.held = null;
          for (const frame of held) send(connection, frame);
        },
        detach() {
          if (!board.connections.delete(connection)) return;
          total -= 1;
          if (board.connections.size === 0) {
            clearTimeout(board.timer);
            boards.delete(productId);
          }
        },
      };
    },

    /**
     * An event of a product's board, to every stream on every replica. The request that caused it does not
     * wait for Redis (publishing never fails: a message Redis cannot take now is dropped, see onResync).
     */
    publish(productId: string, event: LiveEvent, id?: string) {
      if (event.type === 'session') watchTimes(productId, { startsAt: new Date(event.startsAt), endsAt: new Date(event.endsAt) });
      deliver(productId, sseFrame(event, id));
      void broadcast.publish(LIVE_CHANNEL, JSON.stringify({ o: origin, p: productId, e: event, ...(id ? { id } : {}) }));
    },

    /** The session is gone: every replica ends its streams (a reconnecting browser then meets the 404). */
    closeBoard(productId: string) {
      closeLocal(productId);
      void broadcast.publish(LIVE_CHANNEL, JSON.stringify({ o: origin, p: productId, close: true }));
    },

    /** Open streams in this process. */
    connections: () => total,

    close() {
      clearInterval(heartbeat);
      for (const productId of [...boards.keys()]) closeLocal(productId);
    },
  };
}
export type LiveHub = ReturnType<typeof createLiveHub>;

/** The session event of a board (status from the clock). */
export function sessionEvent(times: SessionTimes, now: Date): LiveEvent {
  return { type: 'session', status: liveStatusAt(times, now), startsAt: times.startsAt.toISOString(), endsAt: times.endsAt.toISOString() };
}
