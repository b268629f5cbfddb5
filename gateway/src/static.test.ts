import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signMediaGrant, signMediaUrl, type MediaViewer } from '@catalyst/service-kit';
import { TEST_INTERNAL_SECRET } from '@catalyst/service-kit/testing';
import { buildFileCacheControl, injectSiteConfig, scriptSafeJson } from './static';
import { HEAD_SCRIPT_SOURCE } from './first-paint';
import { precompressBuild } from '../../scripts/precompress';
import { rawRequest, startGateway, type RunningGateway } from './testing/upstreams';

const INDEX =
  '<!doctype html><html><head><meta charset="utf-8"><title>Catalyst</title><script defer src="/main.3f9a1c07.js"></script></head><body><div id="root"></div></body></html>';

function makeBuilds(): string {
  const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-static-'));
  const write = (file: string, content: string | Buffer) => {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), content);
  };
  write('shell/dist/index.html', INDEX);
  write('shell/dist/main.3f9a1c07.js', `console.log(${JSON.stringify('x'.repeat(4000))});`);
  write('shell/dist/favicon.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  write('mfe-catalog/dist/mf-manifest.json', JSON.stringify({ id: 'catalog', name: 'catalog' }));
  write('mfe-catalog/dist/remoteEntry.js', 'var catalog;');
  write(
    'mfe-catalog/dist/routes.json',
    JSON.stringify({
      remote: 'catalog',
      pages: [{ path: '/browse/', prefix: true, module: './BrowseRoutes', audience: 'anyone' }],
    }),
  );
  write('mfe-catalog/dist/static/js/412.8be0c2d1.js', 'var chunk;');
  write('media/videos/intro.mp4', Buffer.alloc(10_000, 7));
  write('media/videos/other.mp4', Buffer.alloc(500, 8));
  write('media/thumbnails/intro.jpg', Buffer.alloc(100, 1));
  write('media/captions/intro.vtt', 'WEBVTT\n');
  write('media/README.md', '# how the demo media were made\n');
  write('media/generate.sh', '#!/bin/sh\n');
  write('media/videos/notes.txt', 'notes\n');
  write('media/promo.mp4', Buffer.alloc(300, 9));
  return root;
}

describe('serving the front ends', () => {
  let root: string;
  let gateway: RunningGateway;
  const get = (p: string, init?: RequestInit) => fetch(`${gateway.url}${p}`, init);
  const member: MediaViewer = { userId: '0123456789abcdef01234567', access: 'plan' };
  const grantCookie = `catalyst_media=${signMediaGrant(member, TEST_INTERNAL_SECRET)}`;

  beforeAll(async () => {
    root = makeBuilds();
    gateway = await startGateway({
      STATIC_ROOT: root,
      SITE_NAME: 'Catalyst </script><script>alert(1)</script>',
      CONTACT_EMAIL: 'team@catalyst.example',
      CONTACT_PHONE: '+1 555 0199',
      SUPPORT_EMAIL: 'help@catalyst.example',
      TRUST_PROXY: 'loopback',
      CORS_ORIGINS: 'https://partner.example',
    });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves index.html with the site config for every client route', async () => {
    for (const route of [
      '/',
      '/browse/premium/product/intro-to-react',
      '/profile',
      '/subscription/success',
    ]) {
      const response = await get(route);
      expect(response.status, route).toBe(200);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('cache-control')).toBe('no-cache');
      const html = await response.text();
      const config = /<script type="application\/json" id="catalyst-config">(.*?)<\/script>/.exec(html);
      expect(config, route).not.toBeNull();
      expect(JSON.parse(config![1]!)).toEqual({
        name: 'Catalyst </script><script>alert(1)</script>',
        tagline: 'Where the change happens.',
        contactEmail: 'team@catalyst.example',
        contactPhone: '+1 555 0199',
        supportEmail: 'help@catalyst.example',
      });
      // The hostile site name cannot close the element: exactly the two scripts of the page exist.
      expect(html.match(/<script/g)).toHaveLength(2);
    }
  });

  it('sends a strict Content-Security-Policy and the other security headers with the page', async () => {
    const response = await get('/');
    const csp = response.headers.get('content-security-policy') ?? '';
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([name, ...values]) => [name, values.join(' ')]),
    );
    // 'self' and the one inline script of the first paint, by its hash (first-paint.test.ts).
    expect(directives['script-src']).toBe(`'self' ${HEAD_SCRIPT_SOURCE}`);
    expect(directives['style-src']).toBe("'self' 'unsafe-inline'");
    expect(directives['img-src']).toBe("'self' data: blob:");
    expect(directives['media-src']).toBe("'self' blob:");
    expect(directives['connect-src']).toBe("'self'");
    expect(directives['frame-ancestors']).toBe("'none'");
    expect(directives['object-src']).toBe("'none'");
    expect(directives['base-uri']).toBe("'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('strict-transport-security')).toBeNull();
  });

  it('adds HSTS only when the request came over HTTPS through a trusted proxy', async () => {
    const response = await get('/', { headers: { 'x-forwarded-proto': 'https' } });
    expect(response.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
  });

  it('caches hashed files forever and revalidates the files that name a build', async () => {
    const hashed = await get('/main.3f9a1c07.js');
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/mf/catalog/static/js/412.8be0c2d1.js')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const file of [
      '/mf/catalog/mf-manifest.json',
      '/mf/catalog/remoteEntry.js',
      '/index.html',
      '/favicon.svg',
    ]) {
      const response = await get(file);
      expect(response.status, file).toBe(200);
      expect(response.headers.get('cache-control'), file).toBe('no-cache');
    }
    // Revalidated too, and private: each answer carries nonces of its own load.
    expect((await get('/mf/remotes.json')).headers.get('cache-control')).toBe('private, no-cache');
  });

  it('answers a revalidation with 304', async () => {
    const first = await get('/mf/catalog/mf-manifest.json');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    // fetch would add Cache-Control: no-cache to a conditional request, so send it as a browser does.
    expect(
      (await rawRequest(gateway.url, '/mf/catalog/mf-manifest.json', { headers: { 'if-none-match': etag! } }))
        .status,
    ).toBe(304);
  });

  it('compresses static text and JSON for clients that accept it', async () => {
    const response = await get('/main.3f9a1c07.js', { headers: { 'accept-encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    expect((await response.text()).length).toBeGreaterThan(4000);
  });

  it('sends a file’s compressed copy from the build to a client that accepts it, and the file itself when the copy is stale', async () => {
    const file = path.join(root, 'shell/dist/chunk.5e6f7a8b.js');
    const source = `console.log(${JSON.stringify('y'.repeat(3000))});`;
    writeFileSync(file, source);
    await precompressBuild(path.join(root, 'shell/dist'));
    const plain = await rawRequest(gateway.url, '/chunk.5e6f7a8b.js');
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await rawRequest(gateway.url, '/chunk.5e6f7a8b.js?v=1', {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toBe(plain.headers['content-type']);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(decode(response.body).toString('utf8')).toBe(source);
      // The copy has a validator of its own, and a revalidation with it is a 304.
      expect(response.headers.etag).not.toBe(plain.headers.etag);
      const again = await rawRequest(gateway.url, '/chunk.5e6f7a8b.js', {
        headers: { 'accept-encoding': acceptEncoding, 'if-none-match': String(response.headers.etag) },
      });
      expect(again.status).toBe(304);
    }
    // Written again without its copies (newer than them): the new file goes out, compressed by the gateway.
    const changed = `console.log(${JSON.stringify('z'.repeat(3000))});`;
    writeFileSync(file, changed);
    utimesSync(file, new Date(), new Date(Date.now() + 60_000));
    const fresh = await rawRequest(gateway.url, '/chunk.5e6f7a8b.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(brotliDecompressSync(fresh.body).toString('utf8')).toBe(changed);
    // The copies are never addresses of their own outside the folder.
    expect(
      (await rawRequest(gateway.url, '/..%2f..%2fetc%2fpasswd.js', { headers: { 'accept-encoding': 'br' } }))
        .status,
    ).toBe(404);
  });

  it('answers a missing remote or asset with a plain 404, never the app', async () => {
    for (const file of [
      '/mf/catalog/missing.js',
      '/mf/player/mf-manifest.json',
      '/mf/unknown/x.js',
      '/assets/missing.3f9a1c07.js',
      '/media/none.mp4',
    ]) {
      const response = await get(file);
      expect(response.status, file).toBe(404);
      expect(await response.text(), file).not.toContain('<html');
    }
  });

  it('lists the remotes at /mf/remotes.json', async () => {
    const response = await get('/mf/remotes.json');
    expect(response.headers.get('content-type')).toMatch(/application\/json/);
    const { loadNonces, ...answer } = (await response.json()) as { loadNonces: Record<string, string> };
    // A nonce of this load per release: what makes a load-error report count (load-nonce.ts).
    expect(Object.keys(loadNonces).sort()).toEqual([
      'account',
      'admin',
      'catalog',
      'community',
      'player',
      'shell',
    ]);
    expect(loadNonces.catalog).toMatch(/^\d{10}\.[\w-]{16}\.[\w-]{43}$/);
    expect(answer).toEqual({
      remotes: {
        catalog: '/mf/catalog/mf-manifest.json',
        player: '/mf/player/mf-manifest.json',
        account: '/mf/account/mf-manifest.json',
        admin: '/mf/admin/mf-manifest.json',
        community: '/mf/community/mf-manifest.json',
      },
      // Without a registry database every front end is its built dist.
      releases: {
        catalog: 'dist',
        player: 'dist',
        account: 'dist',
        admin: 'dist',
        community: 'dist',
        shell: 'dist',
      },
      // Each built dist's published pages (none where a build has no routes.json).
      routes: {
        catalog: [{ path: '/browse/', prefix: true, module: './BrowseRoutes', audience: 'anyone' }],
        player: [],
        account: [],
        admin: [],
        community: [],
      },
    });
  });

  it('serves a signed premium video with byte ranges for seeking, cached privately, to the holder of a media grant', async () => {
    const signed = signMediaUrl('/media/videos/intro.mp4', TEST_INTERNAL_SECRET, member, 600);
    const response = await get(signed, { headers: { range: 'bytes=100-199', cookie: grantCookie } });
    expect(response.status).toBe(206);
    expect(response.headers.get('content-range')).toBe('bytes 100-199/10000');
    expect(response.headers.get('content-type')).toBe('video/mp4');
    expect((await response.arrayBuffer()).byteLength).toBe(100);
    const cacheControl = response.headers.get('cache-control') ?? '';
    expect(cacheControl).toMatch(/^private, max-age=\d+$/);
    expect(Number(/max-age=(\d+)/.exec(cacheControl)![1])).toBeLessThanOrEqual(600);
    const whole = await get(signed, { headers: { cookie: grantCookie } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect((await get(signed, { method: 'HEAD', headers: { cookie: grantCookie } })).status).toBe(200);
  });

  it('refuses a copied signed link to a browser without the viewer’s grant, or with an expired or forged one', async () => {
    const signed = signMediaUrl('/media/videos/intro.mp4', TEST_INTERNAL_SECRET, member, 600);
    const expiredGrant = `catalyst_media=${signMediaGrant(member, TEST_INTERNAL_SECRET, 60, Date.now() - 120_000)}`;
    const forgedGrant = `catalyst_media=${signMediaGrant(member, 'another-secret-of-thirty-two-chars-long!', 600)}`;
    const attempts: Record<string, string>[] = [
      {},
      { cookie: expiredGrant },
      { cookie: forgedGrant },
      { cookie: 'catalyst_media=garbage' },
    ];
    for (const headers of attempts) {
      const response = await get(signed, { headers });
      expect(response.status).toBe(403);
    }
    // Captions are the lesson's transcript: the video's signed address opens them beside the same grant.
    const { search } = new URL(signed, 'http://x');
    expect((await get('/media/captions/intro.vtt')).status).toBe(403);
    expect((await get('/media/captions/intro.vtt', { headers: { cookie: grantCookie } })).status).toBe(403);
    expect((await get(`/media/captions/intro.vtt${search}`)).status).toBe(403);
    expect(
      (await get(`/media/captions/intro.vtt${search}`, { headers: { cookie: grantCookie } })).status,
    ).toBe(200);
  });

  it("refuses the viewer's link to another account's grant, and a plan link to a grant made without the plan", async () => {
    const signed = signMediaUrl('/media/videos/intro.mp4', TEST_INTERNAL_SECRET, member, 600);
    const { search } = new URL(signed, 'http://x');
    const grantOf = (viewer: MediaViewer) => `catalyst_media=${signMediaGrant(viewer, TEST_INTERNAL_SECRET)}`;
    const learner = grantOf({ userId: 'fedcba9876543210fedcba98', access: 'free' });
    const otherMember = grantOf({ userId: 'fedcba9876543210fedcba98', access: 'plan' });
    const memberFromPreview = grantOf({ userId: member.userId, access: 'free' });
    for (const cookie of [learner, otherMember, memberFromPreview]) {
      for (const url of [signed, `/media/captions/intro.vtt${search}`]) {
        const response = await get(url, { headers: { cookie } });
        expect(response.status, `${url} ${cookie}`).toBe(403);
        expect(await response.json()).toEqual({
          success: false,
          message: 'This video link is invalid or has expired. Reload the page to get a new one.',
        });
      }
    }
  });

  it('opens a free preview’s captions to a visitor by their signed address alone, and nothing else by it', async () => {
    const signed = signMediaUrl('/media/captions/intro.vtt', TEST_INTERNAL_SECRET, 'anyone', 600);
    const response = await get(signed);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('WEBVTT\n');
    expect(response.headers.get('cache-control')).toMatch(/^private, max-age=\d+$/);
    // the signature names that file: not another captions file, and never a video
    const { search } = new URL(signed, 'http://x');
    expect((await get(`/media/captions/other.vtt${search}`)).status).toBe(403);
    expect((await get(`/media/videos/intro.mp4${search}`)).status).toBe(403);
    const expired = signMediaUrl(
      '/media/captions/intro.vtt',
      TEST_INTERNAL_SECRET,
      'anyone',
      60,
      Date.now() - 120_000,
    );
    expect((await get(expired)).status).toBe(403);
  });

  it('serves only media files from /media: the folder’s notes and scripts are not found', async () => {
    for (const file of ['/media/README.md', '/media/generate.sh', '/media/videos/notes.txt']) {
      expect((await get(file)).status, file).toBe(404);
    }
  });

  it('refuses a premium video without a valid, unexpired signature for exactly that file', async () => {
    const good = new URL(
      signMediaUrl('/media/videos/intro.mp4', TEST_INTERNAL_SECRET, member, 600),
      'http://x',
    );
    const exp = good.searchParams.get('exp')!;
    const sig = good.searchParams.get('sig')!;
    const expired = new URL(
      signMediaUrl('/media/videos/intro.mp4', TEST_INTERNAL_SECRET, member, 60, Date.now() - 120_000),
      'http://x',
    );
    const foreign = signMediaUrl(
      '/media/videos/intro.mp4',
      'another-secret-of-thirty-two-chars-long!',
      member,
      600,
    );
    for (const url of [
      '/media/videos/intro.mp4',
      '/media/videos/none.mp4',
      `/media/videos/intro.mp4?exp=${exp}`,
      `/media/videos/intro.mp4?sig=${sig}`,
      `/media/videos/intro.mp4?exp=${Number(exp) + 3600}&sig=${sig}`,
      `/media/videos/other.mp4?exp=${exp}&sig=${sig}`,
      `/media/videos/intro.mp4?exp=${exp}&sig=${sig}x`,
      `/media/videos/intro.mp4?exp=${exp}&sig=${sig}&sig=${sig}`,
      `/media/videos/intro.mp4?exp[]=${exp}&sig=${sig}`,
      `/media/videos/intro.mp4${expired.search}`,
      foreign,
      // the same file spelt another way is still a premium video
      '/media//videos/intro.mp4',
      '/media/%76ideos/intro.mp4',
      '/media/thumbnails/../videos/intro.mp4',
      '/media/thumbnails/%2e%2e/videos/intro.mp4',
      '/MEDIA/videos/intro.mp4',
    ]) {
      const response = await get(url, { headers: { range: 'bytes=0-99' } });
      expect(response.status, url).toBe(403);
      expect(response.headers.get('content-type'), url).toMatch(/application\/json/);
      expect(await response.json(), url).toEqual({
        success: false,
        message: 'This video link is invalid or has expired. Reload the page to get a new one.',
      });
    }
    // paths a browser would normalise, sent as they are
    for (const url of [
      '/media/thumbnails/../videos/intro.mp4',
      '/media/thumbnails/%2e%2e/videos/intro.mp4',
      '/media/./videos/intro.mp4',
      '/media/videos/./intro.mp4',
    ]) {
      expect((await rawRequest(gateway.url, url)).status, url).toBe(403);
    }
  });

  it('keeps thumbnails and the promo video public', async () => {
    for (const file of ['/media/thumbnails/intro.jpg', '/media/promo.mp4']) {
      const response = await get(file, { headers: { range: 'bytes=0-9' } });
      expect(response.status, file).toBe(206);
      expect(response.headers.get('cache-control'), file).toBe('public, max-age=3600');
    }
  });

  it('gives CORS headers to listed origins only', async () => {
    const listed = await get('/api/v1/health', { headers: { origin: 'https://partner.example' } });
    expect(listed.headers.get('access-control-allow-origin')).toBe('https://partner.example');
    const other = await get('/api/v1/health', { headers: { origin: 'https://evil.example' } });
    expect(other.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await get('/api/v1/content/products', {
      method: 'OPTIONS',
      headers: {
        origin: 'https://partner.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization',
      },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-headers')).toContain('authorization');
  });
});

describe('remote locations per environment', () => {
  it('takes manifest URLs from MF_REMOTES and allows their origin in the CSP', async () => {
    const root = makeBuilds();
    const gateway = await startGateway({
      STATIC_ROOT: root,
      MF_REMOTES: JSON.stringify({ catalog: 'https://cdn.example/catalog/mf-manifest.json' }),
    });
    try {
      const body = (await (await fetch(`${gateway.url}/mf/remotes.json`)).json()) as {
        remotes: Record<string, string>;
      };
      expect(body.remotes.catalog).toBe('https://cdn.example/catalog/mf-manifest.json');
      expect(body.remotes.player).toBe('/mf/player/mf-manifest.json');
      const csp = (await fetch(`${gateway.url}/`)).headers.get('content-security-policy');
      expect(csp).toContain(`script-src 'self' ${HEAD_SCRIPT_SOURCE} https://cdn.example`);
    } finally {
      await gateway.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('says the front end is not built rather than failing when shell/dist is missing', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'gateway-empty-'));
    const gateway = await startGateway({ STATIC_ROOT: root });
    try {
      const response = await fetch(`${gateway.url}/browse`);
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('npm run build');
    } finally {
      await gateway.close();
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe('static helpers', () => {
  it('recognises content hashes in file names', () => {
    expect(buildFileCacheControl('/x/main.3f9a1c07.js')).toBe('public, max-age=31536000, immutable');
    expect(buildFileCacheControl('/x/vendors-node_modules_react.8f2a3b4c5d6e7f80.js')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect(buildFileCacheControl('/x/style.0a1b2c3d.css')).toBe('public, max-age=31536000, immutable');
    expect(buildFileCacheControl('/x/remoteEntry.js')).toBe('no-cache');
    expect(buildFileCacheControl('/x/logo.svg')).toBe('no-cache');
  });

  it('escapes everything that could end a script element', () => {
    expect(scriptSafeJson({ a: '</script><!-- & \u2028' })).toBe(
      '{"a":"\\u003c/script\\u003e\\u003c!-- \\u0026 \\u2028"}',
    );
  });

  it('replaces a placeholder config element instead of adding a second one', () => {
    const html = injectSiteConfig(
      '<html><head><script type="application/json" id="catalyst-config">{}</script></head></html>',
      {
        name: 'C',
        tagline: 't',
        contactEmail: 'e',
        contactPhone: 'p',
        supportEmail: 's',
      },
    );
    expect(html.match(/catalyst-config/g)).toHaveLength(1);
    expect(html).toContain('"name":"C"');
  });
});
