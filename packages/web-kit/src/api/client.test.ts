import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError, createApiClient, isPremiumRequired, PREFETCH_TTL_MS, tabStorage } from './client';

function respond(status: number, body: unknown, raw = false) {
  return vi.fn(
    async (_url: RequestInfo | URL, _init?: RequestInit) =>
      new Response(raw ? (body as string) : JSON.stringify(body), { status }),
  );
}

describe('api client', () => {
  it('resolves to the data of a success answer and keeps the message on request()', async () => {
    const fetch = respond(200, { success: true, data: { id: 1 }, message: 'Done' });
    const api = createApiClient({ fetch, getToken: () => null });
    await expect(api.get('/things')).resolves.toEqual({ id: 1 });
    await expect(api.request('POST', '/things')).resolves.toEqual({ data: { id: 1 }, message: 'Done' });
  });

  it('sends the bearer token from session storage on every call', async () => {
    sessionStorage.setItem('token', 'tok-123');
    const fetch = respond(200, { success: true, data: null });
    const api = createApiClient({ fetch });
    await api.get('/auth/me');
    await api.delete('/x');
    for (const call of fetch.mock.calls) {
      expect((call[1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok-123');
    }
  });

  it('sends the token the tab keeps in memory where the browser denies it sessionStorage (an LMS frame)', async () => {
    vi.stubGlobal('sessionStorage', undefined);
    try {
      tabStorage().setItem('token', 'framed-tok');
      const fetch = respond(200, { success: true, data: null });
      await createApiClient({ fetch }).get('/auth/me');
      expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe(
        'Bearer framed-tok',
      );
    } finally {
      tabStorage().removeItem('token');
      vi.unstubAllGlobals();
    }
  });

  it('sends no Authorization header without a token', async () => {
    const fetch = respond(200, { success: true, data: null });
    await createApiClient({ fetch }).get('/categories');
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBeUndefined();
  });

  it('builds URLs under /api/v1 with the query, skipping empty values, and JSON bodies', async () => {
    const fetch = respond(200, { success: true, data: [] });
    const api = createApiClient({ fetch, getToken: () => null });
    await api.post('/content/products', {
      query: { page: 2, search: 'react js', empty: '', none: undefined },
      body: { a: 1 },
    });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe('/api/v1/content/products?page=2&search=react+js');
    expect(init?.method).toBe('POST');
    expect(init?.body).toBe('{"a":1}');
    expect((init?.headers as Record<string, string>)['Content-Type']).toBe('application/json');
  });

  it('uses an overridden base URL', async () => {
    const fetch = respond(200, { success: true, data: 1 });
    const api = createApiClient({ fetch, baseUrl: 'https://api.example/v9/' });
    await api.get('health');
    expect(fetch.mock.calls[0]![0]).toBe('https://api.example/v9/health');
  });

  it("throws the body's message, status and field errors on a non-OK answer", async () => {
    const fetch = respond(400, {
      success: false,
      message: 'Validation failed',
      errors: [{ field: 'email', message: 'Email is required' }],
    });
    const error = await createApiClient({ fetch })
      .post('/auth/register')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({
      status: 400,
      message: 'Validation failed',
      errors: [{ field: 'email', message: 'Email is required' }],
    });
    expect((error as ApiRequestError).fieldError('email')).toBe('Email is required');
  });

  it('understands field errors carried as path/msg', async () => {
    const fetch = respond(422, {
      success: false,
      message: 'Bad',
      errors: [{ path: 'name', msg: 'Name is required' }],
    });
    const error = (await createApiClient({ fetch })
      .post('/x')
      .catch((e: unknown) => e)) as ApiRequestError;
    expect(error.errors).toEqual([{ field: 'name', message: 'Name is required' }]);
  });

  it("falls back to 'HTTP {status}' when a JSON error body has no message", async () => {
    const error = await createApiClient({ fetch: respond(503, { success: false }) })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 503, message: 'HTTP 503' });
  });

  it("reports 'Network error occurred' when the error body is not JSON", async () => {
    const error = await createApiClient({ fetch: respond(502, '<html>Bad gateway</html>', true) })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 502, message: 'Network error occurred' });
  });

  it("reports 'Network error occurred' when the server cannot be reached", async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const error = await createApiClient({ fetch })
      .get('/x')
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 0, message: 'Network error occurred' });
  });

  it('resolves to undefined on an empty success (204)', async () => {
    const fetch = vi.fn(async () => new Response(null, { status: 204 }));
    await expect(createApiClient({ fetch }).delete('/x')).resolves.toBeUndefined();
  });

  it('recognises the premium refusal', async () => {
    const fetch = respond(403, {
      success: false,
      message: 'Active subscription required to access this content',
    });
    const error = await createApiClient({ fetch })
      .get('/content/premium/products/x')
      .catch((e: unknown) => e);
    expect(isPremiumRequired(error)).toBe(true);
    expect(isPremiumRequired(new ApiRequestError('Forbidden', 403))).toBe(false);
  });

  it('answers the first read of a prefetched URL from the prefetch, and only the first', async () => {
    const fetch = respond(200, { success: true, data: [{ id: 'a' }] });
    const api = createApiClient({ fetch, getToken: () => 'tok' });
    api.prefetch('/categories', { limit: 100 });
    api.prefetch('/categories', { limit: 100 });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe('/api/v1/categories?limit=100');
    expect((fetch.mock.calls[0]![1]?.headers as Record<string, string>).Authorization).toBe('Bearer tok');
    await expect(api.get('/categories', { query: { limit: 100 } })).resolves.toEqual([{ id: 'a' }]);
    expect(fetch).toHaveBeenCalledTimes(1);
    await api.get('/categories', { query: { limit: 100 } });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it('asks again when the prefetch was made for another session, another URL, or too long ago', async () => {
    vi.useFakeTimers();
    try {
      let token: string | null = 'old';
      const fetch = respond(200, { success: true, data: 1 });
      const api = createApiClient({ fetch, getToken: () => token });
      api.prefetch('/content/premium/products/p1');
      token = 'new';
      await api.get('/content/premium/products/p1');
      expect(fetch).toHaveBeenCalledTimes(2);
      api.prefetch('/categories');
      await api.get('/categories', { query: { limit: 5 } });
      expect(fetch).toHaveBeenCalledTimes(4);
      api.prefetch('/admin/stats');
      vi.advanceTimersByTime(PREFETCH_TTL_MS + 1);
      await api.get('/admin/stats');
      expect(fetch).toHaveBeenCalledTimes(6);
    } finally {
      vi.useRealTimers();
    }
  });

  it('turns a failed prefetch into the usual network error for its reader', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const api = createApiClient({ fetch, getToken: () => null });
    api.prefetch('/categories');
    await expect(api.get('/categories')).rejects.toMatchObject({
      status: 0,
      message: 'Network error occurred',
    });
  });
});
