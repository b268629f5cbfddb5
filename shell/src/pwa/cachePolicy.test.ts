import { describe, expect, it } from 'vitest';
import { allRouteTables } from '@catalyst/contracts';
import { apiPathPattern, catalogPaths, HASHED_FILE, isFederationIndex } from './cachePolicy';

describe("the service worker's cache policy", () => {
  const paths = catalogPaths(allRouteTables as never);

  it('caches only the public, shared GETs of the declarations (the catalogue), never a personal one', () => {
    expect(paths).toEqual(
      expect.arrayContaining(['/content/products', '/content/products/:idOrSlug', '/categories']),
    );
    const routes = Object.values(
      allRouteTables as unknown as Record<
        string,
        Record<string, { path: string; method: string; access: string; cache?: string }>
      >,
    ).flatMap((table) => Object.values(table));
    // a cached address is never also the address of a GET that answers per person
    for (const path of paths) {
      for (const route of routes.filter((r) => r.path === path && r.method === 'GET'))
        expect({ path, access: route.access, cache: route.cache }).toEqual({
          path,
          access: 'public',
          cache: 'shared',
        });
    }
    expect(paths).not.toContain('/content/progress');
    expect(paths).not.toContain('/subscription/status');
  });

  it('matches one path segment per parameter under /api/v1', () => {
    const product = apiPathPattern('/content/products/:idOrSlug');
    expect(product.test('/api/v1/content/products/intro-to-react')).toBe(true);
    expect(product.test('/api/v1/content/products/intro/curriculum')).toBe(false);
    expect(product.test('/api/v1/content/premium/products/intro')).toBe(false);
    expect(apiPathPattern('/content/products').test('/api/v1/content/products')).toBe(true);
  });

  it('asks the network first for the files that name a build, and treats hashed names as immutable', () => {
    expect(isFederationIndex('/mf/remotes.json')).toBe(true);
    expect(isFederationIndex('/mf/catalog/mf-manifest.json')).toBe(true);
    expect(isFederationIndex('/mf/catalog/2026.11.25-abc/remoteEntry.js')).toBe(true);
    expect(isFederationIndex('/mf/catalog/main.3f9a1c07.js')).toBe(false);
    expect(HASHED_FILE.test('/mf/catalog/main.3f9a1c07.js')).toBe(true);
    expect(HASHED_FILE.test('/mf/catalog/remoteEntry.js')).toBe(false);
  });
});
