// Playwright's 'networkidle' waits for 500 ms with no request in flight, and a lesson or product page never has
// that: the <video> element and hls.js keep fetching the video, and the discussion keeps its event stream open. A
// journey that only needs the page's own answers and pictures in uses this instead: the same wait with those
// long-lived requests left out.
import type { Page, Request } from '@playwright/test';
import { expect } from '../fixtures';

/** A stream that stays open or goes on as it plays: the video (the element's ranges of an MP4, or hls.js's
 * playlists and segments) and event streams (read with fetch too: the header bell's, the discussions'). */
const isStream = (request: Request) =>
  ['media', 'eventsource', 'websocket'].includes(request.resourceType()) ||
  request.headers()['accept'] === 'text/event-stream' ||
  /\.(m3u8|ts)$/.test(new URL(request.url()).pathname);

/**
 * Starts counting the page's requests in flight (call it before navigating); `quiet(ms)` then resolves once no
 * request (streams aside) has been in flight for `ms`.
 */
export function trackRequests(page: Page) {
  const inFlight = new Set<Request>();
  let changedAt = Date.now();
  const end = (request: Request) => {
    if (inFlight.delete(request)) changedAt = Date.now();
  };
  page.on('request', (request) => {
    if (isStream(request)) return;
    inFlight.add(request);
    changedAt = Date.now();
  });
  page.on('requestfinished', end);
  page.on('requestfailed', end);
  return {
    async quiet(ms: number, timeout = 15_000) {
      await expect
        .poll(
          () => (inFlight.size === 0 ? Date.now() - changedAt >= ms : [...inFlight].map((r) => r.url())),
          {
            message: `no request in flight for ${ms} ms`,
            timeout,
            intervals: [50],
          },
        )
        .toBe(true);
    },
  };
}
