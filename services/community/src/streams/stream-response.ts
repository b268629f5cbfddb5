import type { Context } from 'hono';
import { streamSSE } from 'hono/streaming';
import { retryFrame, type EventSink } from './event-hub';

/** How a stream joins its topic (a hub's `attach` with the topic's key bound). */
export type AttachStream = (sink: EventSink, end: () => void) => { ready(): void; detach(): void };

/**
 * Answers with an event stream of one topic: the reconnect hint, then the topic's first frames (`opening`,
 * e.g. where a session stands and what a resumed stream missed), then every event of the topic until the
 * client goes or the hub ends the stream.
 */
export function streamTopic(
  c: Context,
  attach: AttachStream,
  opening: (sink: EventSink) => Promise<void> = async () => undefined,
) {
  return streamSSE(c, async (stream) => {
    let end!: () => void;
    const ended = new Promise<void>((resolve) => {
      end = resolve;
    });
    stream.onAbort(() => end());
    const attached = attach(stream, () => end());
    try {
      await stream.write(retryFrame());
      await opening(stream);
      attached.ready();
      await ended;
    } finally {
      attached.detach();
    }
  });
}
