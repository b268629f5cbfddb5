import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PUBLISHED_ROUTES } from './testing';

// The runtime chunk itself is not under test here (it builds the federation instance).
vi.mock('./runtime', () => ({ federation: {} }));

const remotes = {
  remotes: {
    catalog: '/mf/catalog/mf-manifest.json',
    admin: '/mf/admin/mf-manifest.json',
    account: '/mf/account/mf-manifest.json',
  },
  routes: PUBLISHED_ROUTES,
};
const manifest = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '' } },
  exposes: [
    {
      path: './AdminRoutes',
      assets: { js: { sync: ['1.abc.js', 'expose.def.js'] }, css: { sync: ['expose.css'] } },
    },
  ],
};

async function visit(pathname: string) {
  vi.resetModules();
  const fetch = vi.fn(
    async (url: RequestInfo | URL) =>
      new Response(JSON.stringify(String(url).endsWith('remotes.json') ? remotes : manifest), {
        status: 200,
      }),
  );
  vi.stubGlobal('fetch', fetch);
  const early = await import('./early');
  early.startEarlyLoading({ pathname, href: `http://shop.test${pathname}` });
  await new Promise((resolve) => setTimeout(resolve, 20));
  return { early, requested: fetch.mock.calls.map(([url]) => String(url)) };
}

const hinted = () =>
  [...document.head.querySelectorAll('link[rel="preload"]')].map((link) => link.getAttribute('href'));

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

  it("starts a signed-in route's remote in a new tab of a browser that remembers a sign-in, never for a visitor", async () => {
    const account = (requested: string[]) =>
      requested.includes('http://shop.test/mf/account/mf-manifest.json');
    expect(account((await visit('/profile')).requested)).toBe(false);
    localStorage.setItem('catalyst-remembered', '1');
    expect(account((await visit('/profile')).requested)).toBe(true);
    // Only the role a tab's own session saw starts the admin remote.
    expect((await visit('/admin')).requested.some((url) => url.includes('/mf/admin/'))).toBe(false);
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

  it("hints the remote module's files before the runtime is handed the manifest, whatever arrives first", async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('role', 'admin');
    vi.resetModules();
    // the manifest answers when the test says so, after the runtime has been handed its promise
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((url: RequestInfo | URL) =>
        String(url).endsWith('remotes.json')
          ? Promise.resolve(new Response(JSON.stringify(remotes)))
          : new Promise<Response>((resolve) => (answer = resolve)),
      ),
    );
    const early = await import('./early');
    early.startEarlyLoading({ pathname: '/admin', href: 'http://shop.test/admin' });
    let handed: Promise<Response> | undefined;
    await vi.waitFor(() =>
      expect((handed = early.takeEarlyManifest('http://shop.test/mf/admin/mf-manifest.json'))).toBeInstanceOf(
        Promise,
      ),
    );
    // what the runtime sees as it reads the answer: the files are already asked for
    const seen = handed!.then((response) => ({ hints: hinted(), answer: response }));
    answer(
      new Response(JSON.stringify(manifest), {
        status: 200,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await seen;
    const { hints, answer: read } = await seen;
    expect(hints).toHaveLength(4);
    expect(read.headers.get('content-type')).toBe('application/json');
    expect(await read.json()).toEqual(manifest);
  });

  it('hands the runtime an answer that is no manifest as it came, hinting nothing', async () => {
    sessionStorage.setItem('token', 't');
    sessionStorage.setItem('role', 'admin');
    vi.resetModules();
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) =>
        String(url).endsWith('remotes.json')
          ? new Response(JSON.stringify(remotes))
          : new Response('<html>proxy error</html>', { status: 200 }),
      ),
    );
    const early = await import('./early');
    early.startEarlyLoading({ pathname: '/admin', href: 'http://shop.test/admin' });
    let handed: Promise<Response> | undefined;
    await vi.waitFor(() =>
      expect((handed = early.takeEarlyManifest('http://shop.test/mf/admin/mf-manifest.json'))).toBeInstanceOf(
        Promise,
      ),
    );
    expect(await (await handed!).text()).toBe('<html>proxy error</html>');
    expect(hinted()).toEqual([]);
  });

  it('starts signed-in routes only with a kept token', async () => {
    expect((await visit('/profile')).requested.some((url) => url.includes('/mf/account/'))).toBe(false);
    sessionStorage.setItem('token', 't');
    expect((await visit('/profile')).requested).toContain('http://shop.test/mf/account/mf-manifest.json');
  });
});
