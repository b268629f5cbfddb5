import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Category, Page } from '@catalyst/contracts';
import { identityHeaders, testUsers } from '@catalyst/service-kit/testing';
import { createCatalogCache } from './catalog-cache';
import { createTestContext, fx, insertFixtures } from './test-support';

describe('catalogue cache', () => {
  it('shares one read between concurrent misses and forgets failures', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await Promise.all([cache.remember('k', load), cache.remember('k', load)])).toEqual([1, 1]);
    await expect(cache.remember('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    await new Promise((r) => setTimeout(r, 0));
    expect(await cache.remember('bad', async () => 'fine')).toBe('fine');
    cache.invalidate();
    expect(await cache.remember('k', load)).toBe(2);
  });

  it('drops the least recently used read when full, not every read', async () => {
    const cache = createCatalogCache({ ttlMs: 60_000, maxEntries: 2 });
    const loads: string[] = [];
    const read = (key: string) => cache.remember(key, async () => loads.push(key));
    await read('a');
    await read('b');
    await read('a');
    await read('c');
    await read('a');
    await read('b');
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  describe('in the app', () => {
    let ctx: Awaited<ReturnType<typeof createTestContext>>;
    beforeAll(async () => {
      ctx = await createTestContext({ catalogCacheTtlMs: 60_000 });
      await insertFixtures(ctx.db);
    });
    afterAll(() => ctx.close());
    const total = async () =>
      ((await (await ctx.app.request('/categories')).json()) as { data: Page<Category> }).data.total;

    it('serves memoised lists until an admin write clears them', async () => {
      expect(await total()).toBe(2);
      // A change behind the service's back is not seen while the memo lives...
      await ctx.db
        .updateTable('categories')
        .set({ is_active: true })
        .where('id', '=', fx.hiddenCategory)
        .execute();
      expect(await total()).toBe(2);
      // ...but any successful admin write drops it at once.
      const res = await ctx.app.request('/admin/categories', {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...identityHeaders(testUsers.admin) },
        body: JSON.stringify({
          name: 'Photography',
          description: 'Light, lenses and composition',
          slug: 'photography',
          icon: '📷',
          color: '#8b5cf6',
          sortOrder: 3,
          isActive: true,
        }),
      });
      expect(res.status).toBeLessThan(300);
      expect(await total()).toBe(4);
    });
  });
});
