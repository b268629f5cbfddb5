import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { COMMUNITY_MESSAGES, STREAMS_PER_USER, type Identity } from '@catalyst/contracts';
import { HttpError, tooManyRequests, type Logger } from '@catalyst/service-kit';
import { retryFrame, type EventSink } from './event-hub';

/**
 * Who holds event streams in this process: at most STREAMS_PER_USER each (every kind of stream together), and
 * each one's right to its topic asked again every `recheckMs` while it is open.
 */
export interface StreamHolders {
  /** Takes one of the user's places (a 429 when all are taken); the answer gives it back. */
  claim(userId: string): () => void;
  recheckMs: number;
  /** Streams held by the user now. */
  heldBy(userId: string): number;
}

export function createStreamHolders({
  recheckMs,
  perUser = STREAMS_PER_USER,
}: {
  recheckMs: number;
  perUser?: number;
}): StreamHolders {
  const held = new Map<string, number>();
  return {
    claim(userId) {
      const n = held.get(userId) ?? 0;
      if (n >= perUser) throw tooManyRequests(COMMUNITY_MESSAGES.tooManyStreams, recheckMs / 1000);
      held.set(userId, n + 1);
      let given = false;
      return () => {
        if (given) return;
        given = true;
        const left = (held.get(userId) ?? 1) - 1;
        if (left > 0) held.set(userId, left);
        else held.delete(userId);
      };
    },
    recheckMs,
    heldBy: (userId) => held.get(userId) ?? 0,
  };
}

/**
 * The holder of a stream, for streamTopic: their place among their streams, and whether they may still read
 * the topic (`mayStay` throws the refusal their next request would get: a plan ended, a product unpublished).
 */
export interface StreamHolder {
  holders: StreamHolders;
  identity: Identity;
  mayStay: () => Promise<unknown>;
  log: Logger;
}

/** How a stream joins its topic (a hub's `attach` with the topic's key bound). */
export type AttachStream = (sink: EventSink, end: () => void) => { ready(): void; detach(): void };

/**
 * Answers with an event stream of one topic: the reconnect hint, then the topic's first frames (`opening`,
 * e.g. where a session stands and what a resumed stream missed), then every event of the topic until the
 * client goes, the hub ends the stream, or the holder may no longer read it (asked every `recheckMs`; a
 * failure to ask, such as billing down, leaves the stream open). A holder with all their places taken gets a
 * 429 before any stream starts.
 */
export function streamTopic(
  c: Context,
  holder: StreamHolder,
  attach: AttachStream,
  opening: (sink: EventSink) => Promise<void> = async () => undefined,
) {
  const release = holder.holders.claim(holder.identity.id);
  try {
    return streamSSE(c, async (stream) => {
      let end!: () => void;
      const ended = new Promise<void>((resolve) => {
        end = resolve;
      });
      stream.onAbort(() => end());
      const attached = attach(stream, () => end());
      let asking = false;
      const recheck = setInterval(() => {
        if (asking) return;
        asking = true;
        holder
          .mayStay()
          .catch((error: unknown) => {
            if (!(error instanceof HttpError) || error.status >= 500) return;
            holder.log.info(
              { userId: holder.identity.id, status: error.status },
              'event stream ended: its holder may no longer read it',
            );
            end();
          })
          .finally(() => (asking = false));
      }, holder.holders.recheckMs);
      recheck.unref();
      try {
        await stream.write(retryFrame());
        await opening(stream);
        attached.ready();
        await ended;
      } finally {
        clearInterval(recheck);
        attached.detach();
        release();
      }
    });
  } catch (error) {
    release();
    throw error;
  }
}
