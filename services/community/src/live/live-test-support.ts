// Live boards in tests: a webinar in the test catalogue, a media stand-in for recordings, and an SSE reader.
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import { mediaInternalRoutes, type Identity, type MediaAssetFacts, type ProductSummary } from '@catalyst/contracts';
import { notFound } from '@catalyst/service-kit';
import { createPeerStandIn, identityHeaders } from '@catalyst/service-kit/testing';

export const webinar: ProductSummary = {
  _id: '11111111111111111111aa09',
  productId: 'WEBINAR1',
  slug: 'react-live-qa',
  title: 'React Live Q&A',
  thumbnail: null,
  duration: 60,
  type: 'webinar',
  categoryId: '22222222222222222222bb01',
  creatorId: '33333333333333333333cc01',
  isPublished: true,
  price: 19.99,
};

export const recordingId = '00000000000000000000a0f1';

/** Media answering the facts of one ready recording. */
export async function mediaStandIn() {
  const facts: MediaAssetFacts = {
    id: recordingId,
    kind: 'video',
    status: 'ready',
    originalName: 'live.mp4',
    mimeType: 'video/mp4',
    size: 1_048_576,
    durationSeconds: 3_600,
    renditions: [{ height: 720, bandwidth: 2_928_000 }],
    hasPoster: true,
    hasStoryboard: false,
  };
  return (await createPeerStandIn()).answer(mediaInternalRoutes.assetFacts, ({ params }) => {
    if (params.id !== recordingId) throw notFound('Asset not found');
    return facts;
  });
}

/** Serves an app on a loopback port (event streams need a real connection). */
export async function listen(fetch: (request: Request) => Response | Promise<Response>): Promise<{ url: string; close: () => Promise<void> }> {
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
  const res = await fetch(url, { headers: { ...identityHeaders(as), accept: 'text/event-stream', ...headers }, signal: controller.signal });
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
