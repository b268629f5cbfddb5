import { describe, expect, it, vi } from 'vitest';
import { HttpError, unavailable, type Cache, type Peer } from '@catalyst/service-kit';
import { createCatalogClient } from './catalog-client';

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
    const catalog = createCatalogClient({ content: content.client, cache: absentCache });
    expect(await catalog.getProduct(product._id)).toMatchObject({ _id: product._id });
    expect(await catalog.getProduct(product._id)).toMatchObject({ _id: product._id });
    expect(content.calls()).toBe(1);
  });

  it('keeps answering with the last summary seen while content stays down past the fresh copy’s 30 s', async () => {
    vi.useFakeTimers();
    try {
      const content = contentThatDiesAfter(1);
      const catalog = createCatalogClient({ content: content.client, cache: absentCache });
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
    const catalog = createCatalogClient({ content: content.client, cache: absentCache });
    await catalog.getProduct(product._id);
    await catalog.forget(product._id);
    await expect(catalog.getProduct(product._id)).rejects.toMatchObject({ status: 503 });
  });
});

describe("catalog client: a course's lessons", () => {
  const course = {
    productId: product._id,
    lessons: [{ id: '0123456789abcdef0123456a', durationSeconds: 60, isFreePreview: true, kind: 'video' }],
  };

  function contentAnswering(answer: () => unknown) {
    let calls = 0;
    const client = {
      baseUrl: 'http://content.invalid',
      call: async () => {
        calls += 1;
        return answer();
      },
    } as unknown as Peer;
    return { client, calls: () => calls };
  }

  it('asks content once for a burst and for 5 s, then again; at once after content announces a change', async () => {
    vi.useFakeTimers();
    try {
      const content = contentAnswering(() => course);
      const catalog = createCatalogClient({ content: content.client, cache: absentCache });
      const answers = await Promise.all([1, 2, 3].map(() => catalog.courseLessons(product._id)));
      expect(answers.every((a) => a?.lessons[0]?.isFreePreview)).toBe(true);
      expect(content.calls()).toBe(1);
      vi.advanceTimersByTime(4_000);
      await catalog.courseLessons(product._id);
      expect(content.calls()).toBe(1);
      vi.advanceTimersByTime(1_500);
      await catalog.courseLessons(product._id);
      expect(content.calls()).toBe(2);
      catalog.forgetLessons();
      await catalog.courseLessons(product._id);
      expect(content.calls()).toBe(3);
    } finally {
      vi.useRealTimers();
    }
  });

  it('answers null for a product content does not know, and the last lessons seen while content is down', async () => {
    const missing = contentAnswering(() => {
      throw new HttpError(404, 'Product not found');
    });
    expect(
      await createCatalogClient({ content: missing.client, cache: absentCache }).courseLessons(product._id),
    ).toBeNull();

    vi.useFakeTimers();
    try {
      let up = true;
      const content = contentAnswering(() => {
        if (!up) throw unavailable();
        return course;
      });
      const catalog = createCatalogClient({ content: content.client, cache: absentCache });
      await catalog.courseLessons(product._id);
      up = false;
      vi.advanceTimersByTime(60_000);
      expect(await catalog.courseLessons(product._id)).toEqual(course);
      await catalog.forget(product._id);
      await expect(catalog.courseLessons(product._id)).rejects.toMatchObject({ status: 503 });
    } finally {
      vi.useRealTimers();
    }
  });
});
