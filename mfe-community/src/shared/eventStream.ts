import { createParser } from 'eventsource-parser';
import { ApiRequestError, isPassingFailure, readSessionToken, retryDelay } from '@catalyst/web-kit';

/** Where the stream stands: connecting the first time, open, or dropped and trying again. */
export type EventStreamStatus = 'connecting' | 'open' | 'reconnecting' | 'closed';

/** An event of a stream: its `type` is the SSE `event:` line. */
export interface StreamEvent {
  type: string;
}

export interface EventStreamOptions<E extends StreamEvent> {
  /** The events address (e.g. `/api/v1/community/live/<productId>/events`). */
  url: string;
  /** The event types this reader knows (anything else is skipped). */
  types: ReadonlyArray<E['type']>;
  onEvent: (event: E) => void;
  /** `open` comes on every (re)connection: a reader without replay reads again what it may have missed. */
  onStatus: (status: EventStreamStatus, error?: ApiRequestError) => void;
  /** The session token (an EventSource cannot send the Authorization header the gateway authenticates). */
  getToken?: () => string | null;
  /** Wait before the next attempt after `failures` failures in a row. */
  delay?: (failures: number) => number;
}

/** An SSE message as one of the known events, or null (a comment, a keep-alive, something this client does not know). */
export function toStreamEvent<E extends StreamEvent>(
  types: ReadonlyArray<E['type']>,
  type: string | undefined,
  data: string,
): E | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  if (!parsed || typeof parsed !== 'object') return null;
  // The `event:` line names the type; a body that carries its own type is taken as it is.
  const event = { type, ...(parsed as Record<string, unknown>) } as { type?: unknown };
  return typeof event.type === 'string' && types.includes(event.type) ? (event as E) : null;
}

/** The server's refusal, in the one error shape when it sent one. */
async function refusalOf(response: Response): Promise<ApiRequestError> {
  const body = (await response.json().catch(() => null)) as { message?: unknown } | null;
  return new ApiRequestError(
    typeof body?.message === 'string' ? body.message : `HTTP ${response.status}`,
    response.status,
  );
}

/**
 * Follows a community event stream (the live board's, a discussion's): Server-Sent Events over fetch (so the request carries the bearer token):
 * each event is handed on as it arrives; a dropped stream is opened again after a growing wait (2 s
 * doubling to 30 s, reset once a stream opens) with the last event's id, as an EventSource would. A
 * refusal (401, 403, 404) ends it for good.
 * Returns the function that closes it.
 */
export function openEventStream<E extends StreamEvent>({
  url,
  types,
  onEvent,
  onStatus,
  getToken = readSessionToken,
  delay = retryDelay,
}: EventStreamOptions<E>): () => void {
  const controller = new AbortController();
  let failures = 0;
  /** The last event's id: a reconnection sends it (Last-Event-ID), so the server replays what was missed. */
  let lastEventId: string | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const retry = () => {
    if (controller.signal.aborted) return;
    failures += 1;
    onStatus('reconnecting');
    timer = setTimeout(() => void connect(), delay(failures));
  };

  async function connect(): Promise<void> {
    const token = getToken();
    const headers: Record<string, string> = { Accept: 'text/event-stream' };
    if (token) headers.Authorization = `Bearer ${token}`;
    if (lastEventId) headers['Last-Event-ID'] = lastEventId;
    let response: Response;
    try {
      response = await fetch(url, { headers, signal: controller.signal, cache: 'no-store' });
    } catch {
      return retry();
    }
    if (!response.ok || !response.body) {
      const refusal = await refusalOf(response);
      if (!isPassingFailure(refusal)) {
        onStatus('closed', refusal);
        return;
      }
      return retry();
    }
    failures = 0;
    onStatus('open');
    const parser = createParser({
      onEvent(message) {
        if (message.id) lastEventId = message.id;
        const event = toStreamEvent<E>(types, message.event, message.data);
        if (event) onEvent(event);
      },
    });
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        parser.feed(decoder.decode(value, { stream: true }));
      }
    } catch {
      // a dropped connection: tried again below
    }
    retry();
  }

  onStatus('connecting');
  void connect();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
