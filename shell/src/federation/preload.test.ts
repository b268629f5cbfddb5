import { describe, expect, it, vi } from 'vitest';
import type { SessionState, SessionStore, SessionUser } from '@catalyst/web-kit';
import { preloadRouteRemote, remoteForPath } from './preload';
import { mountPublishedRoutes } from './testing';

mountPublishedRoutes();

const manifests = { catalog: 'http://x/mf/catalog/mf-manifest.json', player: 'p', account: 'a', admin: 'ad' };

function fakeSession(token: string | null, user: Partial<SessionUser> | null): SessionStore {
  let state = { user: null, token, isLoading: !!token } as unknown as SessionState;
  return {
    getState: () => state,
    start: vi.fn(async () => {
      state = { ...state, user: user as SessionUser | null, isLoading: false } as SessionState;
    }),
  } as unknown as SessionStore;
}

describe('remoteForPath', () => {
  it('names the remote each route renders first', () => {
    expect(remoteForPath('/browse')).toMatchObject({ remote: 'catalog', module: './BrowseRoutes' });
    expect(remoteForPath('/browse/category/design/')).toMatchObject({ remote: 'catalog' });
    expect(remoteForPath('/browse/premium/product/abc')).toMatchObject({
      remote: 'player',
      module: './ProductRoutes',
    });
    expect(remoteForPath('/profile')).toMatchObject({
      remote: 'account',
      module: './ProfilePage',
      audience: 'signed-in',
    });
    expect(remoteForPath('/subscription/success')).toMatchObject({
      remote: 'account',
      module: './SubscriptionRoutes',
    });
    expect(remoteForPath('/verify-email')).toMatchObject({
      remote: 'account',
      module: './VerifyEmailPage',
      audience: 'anyone',
    });
    expect(remoteForPath('/certificates/K7M2Q9XW4R')).toMatchObject({
      remote: 'account',
      module: './CertificatePage',
      audience: 'anyone',
    });
    expect(remoteForPath('/learning')).toMatchObject({
      remote: 'account',
      module: './LearningRecordPage',
      audience: 'signed-in',
    });
    expect(remoteForPath('/Admin/users')).toMatchObject({ remote: 'admin', audience: 'admin' });
  });

  it('names no remote for the shell pages', () => {
    for (const path of ['/', '/about', '/terms-and-conditions', '/browsers', '/profiles', '/administrator'])
      expect(remoteForPath(path)).toBeNull();
  });
});

describe('preloadRouteRemote', () => {
  it('starts the route remote as soon as the remotes are known', async () => {
    const load = vi.fn(async () => ({}));
    await expect(
      preloadRouteRemote('/browse', Promise.resolve(manifests), {
        session: fakeSession(null, null),
        load,
        client: { prefetch: vi.fn(async () => undefined) },
      }),
    ).resolves.toBe('catalog/BrowseRoutes');
    expect(load).toHaveBeenCalledWith('catalog/BrowseRoutes');
  });

  it("starts the page's first reads beside its remote: public reads for anyone, premium data only with a session", async () => {
    const load = vi.fn(async () => ({}));
    const client = { prefetch: vi.fn(async () => undefined) };
    await preloadRouteRemote('/browse', Promise.resolve(manifests), {
      session: fakeSession(null, null),
      load,
      client,
    });
    expect(client.prefetch).toHaveBeenCalledWith('/categories', { limit: 100 });
    client.prefetch.mockClear();
    await preloadRouteRemote('/browse/premium/product/Intro%20JS', Promise.resolve(manifests), {
      session: fakeSession(null, null),
      load,
      client,
    });
    // A visitor's product page reads only the public outline (a course's free previews open to anyone).
    expect(client.prefetch.mock.calls).toEqual([['/content/products/Intro%20JS/curriculum', undefined]]);
    await preloadRouteRemote('/browse/premium/product/Intro%20JS', Promise.resolve(manifests), {
      session: fakeSession('t', { role: 'user' }),
      load,
      client,
    });
    expect(client.prefetch).toHaveBeenCalledWith('/content/premium/products/Intro%20JS', undefined);
  });

  it("starts a member's category and library reads, and a library's product list only at its plain address", async () => {
    const client = { prefetch: vi.fn(async (_path: string) => undefined) };
    const member = () => ({
      session: fakeSession('t', { role: 'user' }),
      load: vi.fn(async () => ({})),
      client,
    });
    const library = '/browse/category/web-development/creator/d00000000000000000000001';
    await preloadRouteRemote(library, Promise.resolve(manifests), member());
    expect(client.prefetch.mock.calls.map(([path]) => path)).toEqual([
      '/users/premium/products/d00000000000000000000001/category/web-development',
      '/users/premium/categories/web-development/creators',
      '/content/progress/categories/web-development',
    ]);
    client.prefetch.mockClear();
    await preloadRouteRemote(`${library}?sort=title&layout=list`, Promise.resolve(manifests), member());
    expect(client.prefetch.mock.calls.map(([path]) => path)).toEqual([
      '/users/premium/categories/web-development/creators',
      '/content/progress/categories/web-development',
    ]);
    client.prefetch.mockClear();
    // a visitor is asked to sign in there: no premium read
    await preloadRouteRemote('/browse/category/web-development', Promise.resolve(manifests), {
      ...member(),
      session: fakeSession(null, null),
    });
    expect(client.prefetch).not.toHaveBeenCalled();
  });

  it("starts a certificate's public read for a visitor", async () => {
    const client = { prefetch: vi.fn(async () => undefined) };
    await preloadRouteRemote('/certificates/K7M2Q9XW4R', Promise.resolve(manifests), {
      session: fakeSession(null, null),
      load: vi.fn(async () => ({})),
      client,
    });
    expect(client.prefetch.mock.calls).toEqual([['/certificates/K7M2Q9XW4R', undefined]]);
  });

  it("hints the product's poster image at high priority as soon as the prefetched product is in", async () => {
    const client = { prefetch: vi.fn(async () => ({ thumbnail: '/media/thumbnails/intro.jpg' })) };
    await preloadRouteRemote('/browse/premium/product/intro', Promise.resolve(manifests), {
      session: fakeSession('t', { role: 'user' }),
      load: vi.fn(async () => ({})),
      client,
    });
    const hint = document.head.querySelector<HTMLLinkElement>('link[rel="preload"][as="image"]');
    expect(hint?.getAttribute('href')).toBe('/media/thumbnails/intro.jpg');
    // the page's largest paint: not left at an image's default low priority behind the scripts
    expect(hint?.getAttribute('fetchpriority')).toBe('high');
  });

  it("starts a course's progress once the outline names the product, and the lesson's poster once the lesson is in, each read once", async () => {
    const productId = 'a'.repeat(24);
    const lessonId = 'b'.repeat(24);
    const answers: Record<string, unknown> = {
      '/content/products/big-course/curriculum': { productId, sections: [{ id: 's', lessons: [] }] },
      '/content/premium/products/big-course': { thumbnail: '/media/thumbnails/big.jpg' },
      [`/content/products/big-course/lessons/${lessonId}`]: { kind: 'video', stream: null },
    };
    const client = { prefetch: vi.fn(async (path: string) => answers[path]) };
    document.head.querySelectorAll('link[rel="preload"]').forEach((link) => link.remove());
    await preloadRouteRemote(
      `/browse/premium/product/big-course/lesson/${lessonId}`,
      Promise.resolve(manifests),
      { session: fakeSession('t', { role: 'user' }), load: vi.fn(async () => ({})), client },
    );
    await vi.waitFor(() =>
      expect(client.prefetch).toHaveBeenCalledWith(
        `/content/progress/product/${productId}/lessons`,
        undefined,
      ),
    );
    // the first three together, then the course's progress; the product read the lesson's poster needs is not made twice
    expect(client.prefetch.mock.calls.map(([path]) => path)).toEqual([
      '/content/products/big-course/curriculum',
      '/content/premium/products/big-course',
      `/content/products/big-course/lessons/${lessonId}`,
      `/content/progress/product/${productId}/lessons`,
    ]);
    await vi.waitFor(() =>
      expect(document.head.querySelector('link[rel="preload"][as="image"]')?.getAttribute('href')).toBe(
        '/media/thumbnails/big.jpg',
      ),
    );
  });

  it("leaves a visitor's course at the public outline: no progress, no lesson", async () => {
    const client = { prefetch: vi.fn(async () => ({ productId: 'a'.repeat(24), sections: [{ id: 's' }] })) };
    await preloadRouteRemote(
      `/browse/premium/product/big-course/lesson/${'b'.repeat(24)}`,
      Promise.resolve(manifests),
      { session: fakeSession(null, null), load: vi.fn(async () => ({})), client },
    );
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(client.prefetch.mock.calls).toEqual([['/content/products/big-course/curriculum', undefined]]);
  });

  it('never requests the admin remote for a learner or an anonymous visitor', async () => {
    const load = vi.fn(async () => ({}));
    await preloadRouteRemote('/admin', Promise.resolve(manifests), {
      session: fakeSession('t', { role: 'user' }),
      load,
    });
    await preloadRouteRemote('/admin', Promise.resolve(manifests), {
      session: fakeSession(null, null),
      load,
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('requests the admin remote for an admin once the session is confirmed', async () => {
    const load = vi.fn(async () => ({}));
    const session = fakeSession('t', { role: 'admin' });
    await expect(preloadRouteRemote('/admin', Promise.resolve(manifests), { session, load })).resolves.toBe(
      'admin/AdminRoutes',
    );
    expect(session.start).toHaveBeenCalled();
  });

  it('leaves signed-in routes alone without a kept session, and unknown remotes alone', async () => {
    const load = vi.fn(async () => ({}));
    await preloadRouteRemote('/profile', Promise.resolve(manifests), {
      session: fakeSession(null, null),
      load,
    });
    await preloadRouteRemote('/browse', Promise.resolve({}), {
      session: fakeSession(null, null),
      load,
      client: { prefetch: vi.fn(async () => undefined) },
    });
    expect(load).not.toHaveBeenCalled();
  });

  it('swallows a failed load (the route shows its own fallback)', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    await expect(
      preloadRouteRemote('/verify-email', Promise.resolve(manifests), {
        session: fakeSession(null, null),
        load,
      }),
    ).resolves.toBeNull();
  });
});
