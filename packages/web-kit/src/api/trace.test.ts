import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient } from './client';
import { newTrace } from './trace';

const TRACEPARENT = /^00-([0-9a-f]{32})-([0-9a-f]{16})-01$/;

describe('trace context from the API client', () => {
  it('makes a valid W3C traceparent with fresh ids each time', () => {
    const a = newTrace();
    const b = newTrace();
    expect(a.traceparent).toMatch(TRACEPARENT);
    expect(a.traceparent.slice(3, 35)).toBe(a.traceId);
    expect(a.traceId).not.toBe(b.traceId);
    expect(a.traceId).not.toBe('0'.repeat(32));
  });

  it('sends a traceparent of its own with every call', async () => {
    const fetch = vi.fn(
      async () => new Response(JSON.stringify({ success: true, data: [] }), { status: 200 }),
    );
    const api = createApiClient({ fetch, getToken: () => 'token-1' });
    await api.get('/categories');
    await api.get('/categories');
    const sent = fetch.mock.calls.map(
      (call) => ((call as unknown as [string, RequestInit])[1].headers as Record<string, string>).traceparent,
    );
    expect(sent[0]).toMatch(TRACEPARENT);
    expect(sent[1]).toMatch(TRACEPARENT);
    expect(sent[0]).not.toBe(sent[1]);
  });

  it("names the failing call's trace on its error: the gateway's x-trace-id, else the one it sent", async () => {
    const named = 'abcdefabcdefabcdefabcdefabcdef12';
    const fetch = vi
      .fn()
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, message: 'Nope' }), {
          status: 500,
          headers: { 'x-trace-id': named },
        }),
      )
      .mockResolvedValueOnce(
        new Response(JSON.stringify({ success: false, message: 'Nope' }), { status: 400 }),
      )
      .mockRejectedValueOnce(new TypeError('offline'));
    const api = createApiClient({ fetch, getToken: () => null });
    const first = await api.get('/categories').catch((e: unknown) => e);
    expect(first).toBeInstanceOf(ApiRequestError);
    expect((first as ApiRequestError).traceId).toBe(named);
    const second = (await api.get('/categories').catch((e: unknown) => e)) as ApiRequestError;
    const sentSecond = ((fetch.mock.calls[1] as [string, RequestInit])[1].headers as Record<string, string>)
      .traceparent;
    expect(second.traceId).toBe(sentSecond!.slice(3, 35));
    const third = (await api.get('/categories', { fresh: true }).catch((e: unknown) => e)) as ApiRequestError;
    expect(third.status).toBe(0);
    expect(third.traceId).toMatch(/^[0-9a-f]{32}$/);
  });
});
