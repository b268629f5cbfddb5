import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveEvent } from '@catalyst/contracts';
import { openEventStream, toStreamEvent, type EventStreamStatus } from './eventStream';

const types: LiveEvent['type'][] = ['question', 'session'];
const openLiveStream = (options: Omit<Parameters<typeof openEventStream<LiveEvent>>[0], 'types'>) =>
  openEventStream<LiveEvent>({ ...options, types });

afterEach(() => vi.useRealTimers());

describe('a community event stream', () => {
  it('reads the type from the event line and ignores what it does not know', () => {
    expect(toStreamEvent(types, 'session', '{"status":"live","startsAt":"a","endsAt":"b"}')).toEqual({
      type: 'session',
      status: 'live',
      startsAt: 'a',
      endsAt: 'b',
    });
    expect(toStreamEvent(types, 'ping', '{}')).toBeNull();
    expect(toStreamEvent(types, 'question', 'not json')).toBeNull();
  });

  it('stops for good on a refusal, with the server message', async () => {
    const statuses: Array<[EventStreamStatus, string | undefined]> = [];
    const fetch = vi.fn(
      async () =>
        new Response(JSON.stringify({ success: false, message: 'Authentication required' }), { status: 401 }),
    );
    openLiveStream({
      url: '/events',
      fetch,
      getToken: () => null,
      onEvent: () => undefined,
      onStatus: (status, error) => statuses.push([status, error?.message]),
    });
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual(['closed', 'Authentication required']));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('tries again after a growing wait when the server is unavailable, and stops when closed', async () => {
    vi.useFakeTimers();
    const statuses: EventStreamStatus[] = [];
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: false, message: 'Unavailable' }), { status: 503 }),
    );
    const waits: number[] = [];
    const close = openLiveStream({
      url: '/events',
      fetch,
      getToken: () => 't',
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      delay: (failures) => (waits.push(failures), failures * 1_000),
    });
    await vi.waitFor(() => expect(statuses).toEqual(['connecting', 'reconnecting']));
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));
    await vi.waitFor(() => expect(waits).toEqual([1, 2]));
    close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fetch).toHaveBeenCalledTimes(2);
    expect((fetch.mock.calls[0] as unknown as [string, RequestInit])[1].headers).toEqual({
      Accept: 'text/event-stream',
      Authorization: 'Bearer t',
    });
  });

  it('hands each event on as it arrives and reconnects with the id of the last one', async () => {
    const encoder = new TextEncoder();
    const sent: RequestInit[] = [];
    let first = true;
    const fetch = vi.fn(async (_url: string, init: RequestInit) => {
      sent.push(init);
      if (!first) return new Response(new ReadableStream(), { status: 200 });
      first = false;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(encoder.encode('id: 41\nevent: session\ndata: {"status":"live",'));
          controller.enqueue(encoder.encode('"startsAt":"a","endsAt":"b"}\n\n: heartbeat\n\n'));
          controller.close();
        },
      });
      return new Response(body, { status: 200 });
    });
    const events: unknown[] = [];
    const close = openLiveStream({
      url: '/events',
      fetch: fetch as unknown as typeof globalThis.fetch,
      getToken: () => 't',
      onEvent: (event) => events.push(event),
      onStatus: () => undefined,
      delay: () => 0,
    });
    await vi.waitFor(() => expect(sent).toHaveLength(2));
    close();
    expect(events).toEqual([{ type: 'session', status: 'live', startsAt: 'a', endsAt: 'b' }]);
    expect((sent[1]!.headers as Record<string, string>)['Last-Event-ID']).toBe('41');
  });
});
