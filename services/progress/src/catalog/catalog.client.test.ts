import { describe, expect, it, vi } from 'vitest';
import { unavailable, type Cache, type Peer } from '@catalyst/service-kit';
import { createCatalog } from './catalog.client';

const product = {
  _id: '0123456789abcdef01234567',
  productId: 'AB12CD34',
  slug: 'a-product',
  title: 'A product',
  thumbnail: null,
  duration: 10,
  type: 'course',
  categoryId: '0123456789abcdef01234568',
  creatorId: '0123456789abcdef01234569',
  isPublished: true,
};

/** A shared cache whose backing store is gone: every read misses, every write is lost. */
const absentCache: Cache = {
  get: async () => undefined,
  set: async () => undefined,
  del: async () => undefined,
  incr: async () => 1,
  decr: async () => undefined,
  claim: async () => true,
  status: () => ({ kind: 'redis', healthy: false }),
  close: async () => undefined,
};

function contentThatDiesAfter(answers: number) {
  let calls = 0;
  const client = {
    baseUrl: 'http://content.invalid',
    call: async () => {
      calls += 1;
      if (calls > answers) throw unavailable();
      return product;
    },
  } as unknown as Peer;
  return { client, calls: () => calls };
}

describe('catalog client', () => {
  it('still knows a product it saw moments ago when Redis is absent and content is down', async () => {
    const content = contentThatDiesAfter(1);
    const catalog = createCatalog({ content: content.client, cache: absentCache });
    expect(await catalog.getProduct(product._id)).toMatchObject({ _id: product._id });
    expect(await catalog.getProduct(product._id)).toMatchObject({ _id: product._id });
    expect(content.calls()).toBe(1);
  });

  it('keeps answering with the last summary seen while content stays down past the fresh copy’s 30 s', async () => {
    vi.useFakeTimers();
    try {
      const content = contentThatDiesAfter(1);
      const catalog = createCatalog({ content: content.client, cache: absentCache });
      await catalog.getProduct(product._id);
      vi.advanceTimersByTime(60_000);
      expect(await catalog.getProduct(product._id)).toMatchObject({ _id: product._id });
      expect(content.calls()).toBe(2);
      vi.advanceTimersByTime(16 * 60_000);
      await expect(catalog.getProduct(product._id)).rejects.toMatchObject({ status: 503 });
    } finally {
      vi.useRealTimers();
    }
  });

  it('asks content again once a product is forgotten', async () => {
    const content = contentThatDiesAfter(1);
    const catalog = createCatalog({ content: content.client, cache: absentCache });
    await catalog.getProduct(product._id);
    await catalog.forget(product._id);
    await expect(catalog.getProduct(product._id)).rejects.toMatchObject({ status: 503 });
  });
});
