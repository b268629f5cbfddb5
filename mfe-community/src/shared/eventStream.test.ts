import { afterEach, describe, expect, it, vi } from 'vitest';
import { liveRoutes, type LiveEvent } from '@catalyst/contracts';
import { api } from '@catalyst/web-kit';
import { fakeApi, inTurn } from '@catalyst/web-kit/testing';
import { openEventStream, toStreamEvent, type EventStreamStatus } from './eventStream';

const types: LiveEvent['type'][] = ['question', 'session'];
const openLiveStream = (options: Omit<Parameters<typeof openEventStream<LiveEvent>>[0], 'types'>) =>
  openEventStream<LiveEvent>({ ...options, types });

/** The live board's stream: a declared route the fake answers. */
const url = api.live.events.url({ params: { productId: 'a'.repeat(24) } });

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

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
    const fake = fakeApi().fail(liveRoutes.events, 401, 'Authentication required');
    openLiveStream({
      url,
      getToken: () => null,
      onEvent: () => undefined,
      onStatus: (status, error) => statuses.push([status, error?.message]),
    });
    await vi.waitFor(() => expect(statuses.at(-1)).toEqual(['closed', 'Authentication required']));
    expect(fake.calls).toHaveLength(1);
  });

  it('tries again after a growing wait when the server is unavailable, and stops when closed', async () => {
    vi.useFakeTimers();
    const statuses: EventStreamStatus[] = [];
    const fake = fakeApi().fail(liveRoutes.events, 503, 'Unavailable');
    const waits: number[] = [];
    const close = openLiveStream({
      url,
      getToken: () => 't',
      onEvent: () => undefined,
      onStatus: (status) => statuses.push(status),
      delay: (failures) => (waits.push(failures), failures * 1_000),
    });
    await vi.waitFor(() => expect(statuses).toEqual(['connecting', 'reconnecting']));
    await vi.advanceTimersByTimeAsync(1_000);
    await vi.waitFor(() => expect(fake.calls).toHaveLength(2));
    await vi.waitFor(() => expect(waits).toEqual([1, 2]));
    close();
    await vi.advanceTimersByTimeAsync(10_000);
    expect(fake.calls).toHaveLength(2);
    expect(fake.calls[0]!.init.headers).toEqual({
      Accept: 'text/event-stream',
      Authorization: 'Bearer t',
    });
  });

  it('hands each event on as it arrives and reconnects with the id of the last one', async () => {
    const encoder = new TextEncoder();
    // One event split across two chunks, a heartbeat, then the stream ends; the next connection stays open.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode('id: 41\nevent: session\ndata: {"status":"live",'));
        controller.enqueue(encoder.encode('"startsAt":"a","endsAt":"b"}\n\n: heartbeat\n\n'));
        controller.close();
      },
    });
    const fake = fakeApi().on(
      liveRoutes.events,
      inTurn(new Response(body, { status: 200 }), () => new Response(new ReadableStream(), { status: 200 })),
    );
    const sent = () => fake.calls.map((call) => call.init);
    const events: unknown[] = [];
    const close = openLiveStream({
      url,
      getToken: () => 't',
      onEvent: (event) => events.push(event),
      onStatus: () => undefined,
      delay: () => 0,
    });
    await vi.waitFor(() => expect(sent()).toHaveLength(2));
    close();
    expect(events).toEqual([{ type: 'session', status: 'live', startsAt: 'a', endsAt: 'b' }]);
    expect((sent()[1]!.headers as Record<string, string>)['Last-Event-ID']).toBe('41');
  });
});
