import type { NotificationStreamEvent } from '@catalyst/contracts';
import { readSessionToken, retryDelay } from '@catalyst/web-kit';

const TYPES: ReadonlyArray<string> = ['notification', 'unread'];

/** The events of an SSE text so far: whole frames parsed, the unfinished rest handed back. */
export function parseFrames(buffer: string): { events: NotificationStreamEvent[]; rest: string } {
  const events: NotificationStreamEvent[] = [];
  const frames = buffer.replace(/\r\n/g, '\n').split('\n\n');
  const rest = frames.pop() ?? '';
  for (const frame of frames) {
    let type = '';
    let data = '';
    for (const line of frame.split('\n')) {
      if (line.startsWith('event:')) type = line.slice(6).trim();
      else if (line.startsWith('data:')) data += line.slice(5).trim();
    }
    if (!TYPES.includes(type) || !data) continue;
    try {
      events.push({ ...(JSON.parse(data) as object), type } as NotificationStreamEvent);
    } catch {
      // not ours: skipped
    }
  }
  return { events, rest };
}

/**
 * Follows the person's notification stream over fetch (the bearer token rides along): each event is handed on; a
 * dropped stream is opened again after retryDelay's growing wait, a refusal (401, 403, 404) ends it. Returns the
 * function that closes it.
 */
export function followNotificationStream({
  url,
  getToken = readSessionToken,
  onEvent,
}: {
  url: string;
  /** Read at each (re)connection: a refreshed session's token is the one sent. */
  getToken?: () => string | null;
  onEvent: (event: NotificationStreamEvent) => void;
}): () => void {
  const controller = new AbortController();
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const retry = () => {
    if (controller.signal.aborted) return;
    failures += 1;
    timer = setTimeout(() => void connect(), retryDelay(failures));
  };
  async function connect(): Promise<void> {
    const token = getToken();
    if (!token) return;
    let response: Response;
    try {
      response = await fetch(url, {
        headers: { Accept: 'text/event-stream', Authorization: `Bearer ${token}` },
        signal: controller.signal,
        cache: 'no-store',
      });
    } catch {
      return retry();
    }
    if (!response.ok || !response.body) {
      const passing = response.status === 408 || response.status === 429 || response.status >= 500;
      return passing ? retry() : undefined;
    }
    failures = 0;
    const reader = response.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) break;
        const parsed = parseFrames(buffer + decoder.decode(value, { stream: true }));
        buffer = parsed.rest;
        for (const event of parsed.events) onEvent(event);
      }
    } catch {
      // a dropped connection: tried again below
    }
    retry();
  }
  void connect();
  return () => {
    controller.abort();
    clearTimeout(timer);
  };
}
