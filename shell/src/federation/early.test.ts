import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The runtime chunk itself is not under test here (it builds the federation instance).
vi.mock('./runtime', () => ({ federation: {} }));

const remotes = { remotes: { catalog: '/mf/catalog/mf-manifest.json', admin: '/mf/admin/mf-manifest.json', account: '/mf/account/mf-manifest.json' } };
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [{ path: './AdminRoutes', assets: { js: { sync: ['1.abc.js', 'expose.def.js'] }, css: { sync: ['expose.css'] } } }],
};

async function visit(pathname: string) {
  vi.resetModules();
  const fetch = vi.fn(async (url: RequestInfo | URL) =>
    new Response(JSON.stringify(String(url).endsWith('remotes.json') ? remotes : manifest), { status: 200 }),
  );
  vi.stubGlobal('fetch', fetch);
  const early = await import('./early');
  early.startEarlyLoading({ pathname, href: `http://shop.test${pathname}` });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { early, requested: fetch.mock.calls.map(([url]) => String(url)) };
}

const hinted = () => [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));

describe('early loading', () => {
  beforeEach(() => {
    sessionStorage.clear();
    document.head.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts an open route's manifest at once", async () => {
    const { requested } = await visit('/browse');
    expect(requested).toContain('http://shop.test/mf/catalog/mf-manifest.json');
  });

  it("never asks for the admin remote for a visitor or a kept learner's session", async () => {
    expect((await visit('/admin')).requested.some((url) => url.includes('/mf/admin/'))).toBe(false);
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('role', 'user');
    expect((await visit('/admin')).requested.some((url) => url.includes('/mf/admin/'))).toBe(false);
    expect(hinted()).toEqual([]);
  });

  it("starts the admin remote's manifest and hints its files when the kept session was an admin's", async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('role', 'admin');
    const { early, requested } = await visit('/admin');
    expect(requested).toContain('http://shop.test/mf/admin/mf-manifest.json');
    expect(hinted()).toEqual([
      'http://shop.test/mf/admin/remoteEntry.js',
      'http://shop.test/mf/admin/1.abc.js',
      'http://shop.test/mf/admin/expose.def.js',
      'http://shop.test/mf/admin/expose.css',
    ]);
    // The runtime is handed the same answer once, then fetches for itself.
    expect(early.takeEarlyManifest('http://shop.test/mf/admin/mf-manifest.json')).toBeInstanceOf(Promise);
    expect(early.takeEarlyManifest('http://shop.test/mf/admin/mf-manifest.json')).toBeUndefined();
  });

  it('starts signed-in routes only with a kept token', async () => {
    expect((await visit('/profile')).requested.some((url) => url.includes('/mf/account/'))).toBe(false);
    sessionStorage.setItem('token', 't');
    expect((await visit('/profile')).requested).toContain('http://shop.test/mf/account/mf-manifest.json');
  });
});
