// Event streams in tests: an app served on a loopback port, and an SSE reader that collects frames.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { Identity } from '@catalyst/contracts';
import { identityHeaders } from '@catalyst/service-kit/testing';

/** Serves an app on a loopback port (event streams need a real connection). */
export async function listen(
  fetch: (request: Request) => Response | Promise<Response>,
): Promise<{ url: string; close: () => Promise<void> }> {
  const server: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        (server as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
        server.close(() => resolve());
      }),
  };
}

export interface SseFrame {
  event?: string;
  data?: string;
  id?: string;
  retry?: string;
  comment?: string;
}

/** Opens an event stream as `as` and collects its frames as they arrive. */
export async function openEvents(url: string, as: Identity, headers: Record<string, string> = {}) {
  const controller = new AbortController();
  const res = await fetch(url, {
    headers: { ...identityHeaders(as), accept: 'text/event-stream', ...headers },
    signal: controller.signal,
  });
  const frames: SseFrame[] = [];
  const done = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done: finished, value } = await reader.read();
        if (finished) break;
        buffer += decoder.decode(value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame: SseFrame = {};
          for (const line of buffer.slice(0, end).split('\n')) {
            if (line.startsWith(':')) frame.comment = line.slice(1).trim();
            else {
              const at = line.indexOf(':');
              const field = line.slice(0, at) as keyof SseFrame;
              frame[field] = (frame[field] ? `${frame[field]}\n` : '') + line.slice(at + 1).trimStart();
            }
          }
          frames.push(frame);
          buffer = buffer.slice(end + 2);
        }
      }
    } catch {
      // aborted by the test
    }
  })();
  return {
    res,
    frames,
    /** The parsed data of every frame of this event type. */
    events: (type: string) => frames.filter((f) => f.event === type).map((f) => JSON.parse(f.data!)),
    close: async () => {
      controller.abort();
      await done;
    },
    ended: done,
  };
}
