import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

vi.mock('./runtime', () => ({ federation: {} }));

const answer = {
  remotes: { catalog: '/mf/catalog/v2-2222222222/mf-manifest.json', player: '/mf/player/mf-manifest.json' },
  releases: { catalog: 'v2-2222222222', player: 'dist', shell: 'dist' },
};
const loadNonces = { catalog: '1900000000.nonce-of-catalog.mac', player: '1900000000.nonce-of-player.mac' };

async function discover(respond: () => Promise<Response>) {
  vi.resetModules();
  vi.stubGlobal('fetch', vi.fn(respond));
  const remotes = await import('./remotes');
  return { remotes, found: await remotes.discoverRemotes() };
}

describe('the remote list', () => {
  beforeEach(() => {
    localStorage.clear();
    delete window.__CATALYST_RELEASES__;
  });
  afterEach(() => vi.unstubAllGlobals());

  it('takes each remote and the release it runs from the registry, and tells the page which releases it runs', async () => {
    const { remotes, found } = await discover(
      async () => new Response(JSON.stringify({ ...answer, loadNonces }), { status: 200 }),
    );
    expect(found.catalog).toBe('http://localhost:3000/mf/catalog/v2-2222222222/mf-manifest.json');
    expect(remotes.failedReleaseOf('catalog')).toEqual({
      remote: 'catalog',
      release: 'v2-2222222222',
      nonce: loadNonces.catalog,
    });
    expect(window.__CATALYST_RELEASES__).toEqual(answer.releases);
    // The nonces belong to that load: the kept answer has none.
    expect(JSON.parse(localStorage.getItem(remotes.REMOTES_STORAGE_KEY)!)).toEqual(answer);
  });

  it('uses the last answer this browser kept when the registry cannot be reached', async () => {
    await discover(async () => new Response(JSON.stringify({ ...answer, loadNonces }), { status: 200 }));
    const { remotes, found } = await discover(async () => new Response('Bad gateway', { status: 502 }));
    expect(found.catalog).toBe('http://localhost:3000/mf/catalog/v2-2222222222/mf-manifest.json');
    expect(remotes.failedReleaseOf('catalog')).toEqual({
      remote: 'catalog',
      release: 'v2-2222222222',
      nonce: undefined,
    });
    const offline = await discover(async () => Promise.reject(new TypeError('Failed to fetch')));
    expect(offline.found.player).toBe('http://localhost:3000/mf/player/mf-manifest.json');
  });

  it("mounts the pages the answer publishes, and reads routes.json beside a remote's manifest when the answer has none for it", async () => {
    const account = [{ path: '/account/', prefix: false, module: './AccountPage', audience: 'signed-in' }];
    const player = [
      { path: '/browse/premium/product/', prefix: true, module: './ProductRoutes', audience: 'anyone' },
    ];
    const fetched: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: RequestInfo | URL) => {
        fetched.push(String(url));
        return String(url).endsWith('remotes.json')
          ? new Response(JSON.stringify({ ...answer, routes: { catalog: [], account } }))
          : new Response(JSON.stringify({ remote: 'player', pages: player }));
      }),
    );
    vi.resetModules();
    const fresh = await import('./remotes');
    const routes = await import('./routeRemotes');
    await fresh.discoverRemotes();
    expect(fetched).toEqual(['/mf/remotes.json', 'http://localhost:3000/mf/player/routes.json']);
    expect(routes.remoteForPath('/account')).toMatchObject({ remote: 'account', module: './AccountPage' });
    expect(routes.remoteForPath('/browse/premium/product/p1')).toMatchObject({ remote: 'player' });
    // kept with the answer: a later load that cannot reach the registry mounts the same pages
    expect(JSON.parse(localStorage.getItem(fresh.REMOTES_STORAGE_KEY)!).routes).toEqual({
      catalog: [],
      account,
    });
  });

  it('knows no remote when nothing was ever kept and the registry cannot be reached', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { found } = await discover(async () => new Response('down', { status: 503 }));
    expect(found).toEqual({});
  });
});
