import { describe, expect, it } from 'vitest';
import { createApiClient } from './client';

describe("declared routes' addresses", () => {
  const api = createApiClient({
    fetch: () => Promise.reject(new Error('no calls here')),
    getToken: () => null,
  });

  it('gives a stream route its address under the API base, parameters encoded', () => {
    expect(api.live.events.url({ params: { productId: 'intro to go' } })).toBe(
      '/api/v1/community/live/intro%20to%20go/events',
    );
    expect(api.discussion.events.url({ params: { threadId: 't1' } })).toBe(
      '/api/v1/community/threads/t1/events',
    );
  });

  it('gives a byte route its address, not a JSON call', () => {
    expect(api.upload.createUpload.url()).toBe('/api/v1/media/uploads');
    expect(api.download.download.url({ params: { id: 'a1' } })).toBe('/api/v1/media/downloads/a1');
    expect(api.product.list.url({ query: { search: 'go lang' } })).toBe(
      '/api/v1/content/products?search=go+lang',
    );
    expect(typeof api.upload.createUpload).toBe('object');
    expect(typeof api.asset.getAsset).toBe('function');
  });

  it('follows the base the gateway gives', () => {
    const moved = createApiClient({ baseUrl: 'https://api.example.test/v2/', getToken: () => null });
    expect(moved.upload.createUpload.url()).toBe('https://api.example.test/v2/media/uploads');
  });
});
