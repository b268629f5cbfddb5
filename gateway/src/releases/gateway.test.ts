import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Identity } from '@catalyst/contracts';
import { createTestDatabase } from '@catalyst/service-kit/testing';
import { buildConfig } from '../config';
import { precompressBuild } from '../../../scripts/precompress';
import { rawRequest, serveSessions, startWorld } from '../testing/upstreams';
import { inCanary } from './canary';
import { createGatewayReleases, type GatewayReleases } from './index';

/** The release bucket cookie and the header naming the versions served, as a browser sees them. */
const BUCKET_COOKIE = 'catalyst_release_bucket';
const RELEASES_HEADER = 'x-catalyst-releases';

const admin: Identity = { id: 'a1', role: 'admin', email: 'ops@catalyst.example', name: 'Ops' };
const learner: Identity = { id: 'u1', role: 'user', email: 'learner@catalyst.example', name: 'Learner' };

/** The catalogue's pages as a build publishes them (routes.json). */
const browsePage = { path: '/browse/', prefix: true, module: './BrowseRoutes', audience: 'anyone' };

/** A build folder: a manifest sharing react and exposing two modules, a chunk, and the pages it publishes. */
function writeBuild(dir: string, text: string, pages: unknown[] = [browsePage]) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, 'routes.json'), JSON.stringify({ remote: 'catalog', pages }));
  writeFileSync(
    path.join(dir, 'mf-manifest.json'),
    JSON.stringify({
      shared: [{ name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true }],
      exposes: [{ path: './BrowseRoutes' }],
    }),
  );
  writeFileSync(path.join(dir, 'remoteEntry.js'), `var catalog = ${JSON.stringify(text)};`);
}

/** An id whose bucket is (or is not) in a canary of `percent`. */
const idWhere = (inside: boolean, percent: number) => {
  for (let i = 0; ; i++)
    if (inCanary(`browser-${i}-xyz`, 'catalog', percent) === inside) return `browser-${i}-xyz`;
};

describe('the gateway answers /mf/remotes.json from its release registry', () => {
  let root: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let releases: GatewayReleases;
  let world: Awaited<ReturnType<typeof startWorld>>;
  const get = (p: string, init?: RequestInit) => fetch(`${world.gateway.url}${p}`, init);
  const asAdmin = (p: string, body?: unknown, token = 'admin-token-0123456789', language = 'en') =>
    fetch(`${world.gateway.url}/api/v1${p}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': 'application/json',
        'accept-language': language,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gateway-releases-'));
    writeBuild(path.join(root, 'mfe-catalog', 'dist'), 'built dist');
    // release two adds a page (a prefix of its own inside /browse/ is still the catalogue's)
    writeBuild(path.join(root, 'releases', 'catalog', 'v2-2222222222'), 'release two', [
      browsePage,
      { path: '/browse/new/', prefix: false, module: './NewCoursesPage', audience: 'anyone' },
    ]);
    // a dist whose routes.json claims the admin area: refused at the gateway too, so it mounts nothing
    mkdirSync(path.join(root, 'mfe-player', 'dist'), { recursive: true });
    writeFileSync(
      path.join(root, 'mfe-player', 'dist', 'routes.json'),
      JSON.stringify({ remote: 'player', pages: [{ ...browsePage, path: '/admin/' }] }),
    );
    mkdirSync(path.join(root, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      path.join(root, 'shell', 'dist', 'index.html'),
      '<!doctype html><html><head><title>dist shell</title></head><body></body></html>',
    );
    writeFileSync(path.join(root, 'shell', 'dist', 'main.1111111111.js'), 'var distShell;');
    mkdirSync(path.join(root, 'releases', 'shell', 'v3-3333333333'), { recursive: true });
    writeFileSync(
      path.join(root, 'releases', 'shell', 'v3-3333333333', 'index.html'),
      '<!doctype html><html><head><title>released shell</title></head><body></body></html>',
    );
    writeFileSync(
      path.join(root, 'releases', 'shell', 'v3-3333333333', 'main.3333333333.js'),
      'var releasedShell;',
    );
    database = await createTestDatabase();
    const env = {
      STATIC_ROOT: root,
      DATABASE_URL: database.url,
      RELEASES_REFRESH_MS: '100',
      INTERNAL_SECRET: 'x'.repeat(32),
      AUTH_URL: 'http://127.0.0.1:9',
      CONTENT_URL: 'http://127.0.0.1:9',
      PROGRESS_URL: 'http://127.0.0.1:9',
      BILLING_URL: 'http://127.0.0.1:9',
      MEDIA_URL: 'http://127.0.0.1:9',
      COMMUNITY_URL: 'http://127.0.0.1:9',
    };
    releases = createGatewayReleases(buildConfig(env), pino({ level: 'silent' }));
    await releases.prepare();
    await releases.repo!.record({
      remote: 'catalog',
      version: 'v2-2222222222',
      label: 'v2',
      releasedBy: 'dana',
      gitCommit: null,
      shared: [],
      exposes: ['./BrowseRoutes'],
    });
    world = await startWorld({ STATIC_ROOT: root, DATABASE_URL: database.url }, { releases });
    serveSessions(
      world.auth,
      new Map([
        ['admin-token-0123456789', admin],
        ['learner-token-0123456789', learner],
      ]),
    );
  });
  afterAll(async () => {
    await world?.close();
    await releases?.close();
    await database?.drop();
    rmSync(root, { recursive: true, force: true });
  });

  it('starts on the built dist, served in place', async () => {
    const response = await get('/mf/remotes.json');
    // Private: every answer carries nonces of its own load.
    expect(response.headers.get('cache-control')).toBe('private, no-cache');
    expect(response.headers.get('vary')).toMatch(/Cookie/);
    expect(response.headers.get('set-cookie')).toBeNull();
    const body = (await response.json()) as {
      remotes: Record<string, string>;
      releases: Record<string, string>;
      routes: Record<string, unknown[]>;
    };
    expect(body.remotes.catalog).toBe('/mf/catalog/mf-manifest.json');
    expect(body.releases.catalog).toBe('dist');
    // each release's published pages ride in the same answer (no request of the shell's own before its first paint)
    expect(body.routes.catalog).toEqual([browsePage]);
    expect(body.routes.player).toEqual([]);
    // a remote without a routes.json mounts nothing
    expect(body.routes.account).toEqual([]);
    expect(response.headers.get(RELEASES_HEADER)).toContain('catalog=dist');
  });

  it('serves a release’s files forever-cached under its version, and 404s an unknown version', async () => {
    const file = await get('/mf/catalog/v2-2222222222/remoteEntry.js');
    expect(file.status).toBe(200);
    expect(await file.text()).toContain('release two');
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect((await get('/mf/catalog/v2-2222222222/mf-manifest.json')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
    expect((await get('/mf/catalog/v9-9999999999/remoteEntry.js')).status).toBe(404);
    expect((await get('/mf/catalog/remoteEntry.js')).headers.get('cache-control')).toBe('no-cache');
  });

  it('sends a release’s stored compressed copy to a client that accepts it, and the file itself for a range or without a copy', async () => {
    const dir = path.join(root, 'releases', 'catalog', 'v2-2222222222');
    const source = `var chunk = ${JSON.stringify('z'.repeat(3000))};`;
    writeFileSync(path.join(dir, 'chunk.js'), source);
    await precompressBuild(dir);
    const url = '/mf/catalog/v2-2222222222/chunk.js';
    for (const [acceptEncoding, encoding, decode] of [
      ['gzip, deflate, br', 'br', brotliDecompressSync],
      ['gzip', 'gzip', gunzipSync],
    ] as const) {
      const response = await rawRequest(world.gateway.url, url, {
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(response.status, acceptEncoding).toBe(200);
      expect(response.headers['content-encoding']).toBe(encoding);
      expect(response.headers['content-type']).toMatch(/javascript/);
      expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(response.headers.vary).toMatch(/Accept-Encoding/);
      expect(Number(response.headers['content-length'])).toBe(response.body.length);
      expect(response.body.length).toBeLessThan(200);
      expect(decode(response.body).toString('utf8')).toBe(source);
      // The copy has a validator of its own, and a revalidation with it is a 304.
      expect(response.headers.etag).toBe(`"v2-2222222222-${encoding}"`);
      expect(
        (
          await rawRequest(world.gateway.url, url, {
            headers: { 'accept-encoding': acceptEncoding, 'if-none-match': `"v2-2222222222-${encoding}"` },
          })
        ).status,
      ).toBe(304);
      const head = await rawRequest(world.gateway.url, url, {
        method: 'HEAD',
        headers: { 'accept-encoding': acceptEncoding },
      });
      expect(head.headers['content-length']).toBe(response.headers['content-length']);
    }
    const plain = await rawRequest(world.gateway.url, url, { headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.etag).toBe('"v2-2222222222"');
    expect(plain.body.toString('utf8')).toBe(source);
    // A range is of the file itself.
    const part = await rawRequest(world.gateway.url, url, {
      headers: { 'accept-encoding': 'br', range: 'bytes=4-8' },
    });
    expect(part.status).toBe(206);
    expect(part.headers['content-encoding']).toBeUndefined();
    expect(part.body.toString('utf8')).toBe('chunk');
    // A release stored without copies (made before they were) is compressed on the way, as before.
    const bare = 'var bare = ' + JSON.stringify('q'.repeat(3000)) + ';';
    writeFileSync(path.join(dir, 'bare.js'), bare);
    const compressed = await rawRequest(world.gateway.url, '/mf/catalog/v2-2222222222/bare.js', {
      headers: { 'accept-encoding': 'br' },
    });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(compressed.headers.etag).toBe('"v2-2222222222"');
    expect(brotliDecompressSync(compressed.body).toString('utf8')).toBe(bare);
  });

  it('lets only an admin act, with the reason in the one error shape', async () => {
    expect((await fetch(`${world.gateway.url}/api/v1/admin/releases`)).status).toBe(401);
    const learnerAnswer = await asAdmin(
      '/admin/releases/catalog/promote',
      { version: 'v2-2222222222' },
      'learner-token-0123456789',
    );
    expect(learnerAnswer.status).toBe(403);
    expect(await learnerAnswer.json()).toEqual({ success: false, message: 'Admin access required' });
    const badVersion = await asAdmin('/admin/releases/catalog/promote', { version: 'latest' });
    expect(badVersion.status).toBe(400);
    expect(((await badVersion.json()) as { errors: Array<{ field: string }> }).errors[0]!.field).toBe(
      'version',
    );
    expect((await asAdmin('/admin/releases/nothing/promote', { version: 'v2-2222222222' })).status).toBe(404);
    const unknown = await asAdmin(
      '/admin/releases/catalog/promote',
      { version: 'v7-7777777777' },
      undefined,
      'de',
    );
    expect(unknown.status).toBe(404);
    // in the admin page's language, the front end and version inside
    expect(((await unknown.json()) as { message: string }).message).toBe(
      'catalog hat kein Release v7-7777777777',
    );
    expect(
      (await asAdmin('/admin/releases/catalog/canary', { version: 'v2-2222222222', percent: 150 })).status,
    ).toBe(400);
    const malformed = await fetch(`${world.gateway.url}/api/v1/admin/releases/catalog/promote`, {
      method: 'POST',
      headers: { authorization: 'Bearer admin-token-0123456789' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
  });

  it('promotes and rolls back with no restart: the next answer names the other version', async () => {
    const promoted = await asAdmin('/admin/releases/catalog/promote', { version: 'v2-2222222222' });
    expect(promoted.status).toBe(200);
    expect(((await promoted.json()) as { message: string }).message).toBe(
      'catalog now runs v2-2222222222 for everyone.',
    );
    const after = (await (await get('/mf/remotes.json')).json()) as {
      remotes: Record<string, string>;
      releases: Record<string, string>;
      routes: Record<string, Array<{ path: string }>>;
    };
    expect(after.remotes.catalog).toBe('/mf/catalog/v2-2222222222/mf-manifest.json');
    expect(after.releases.catalog).toBe('v2-2222222222');
    // the page the release adds is published with it: no shell build
    expect(after.routes.catalog!.map((page) => page.path)).toEqual(['/browse/', '/browse/new/']);

    const back = await asAdmin('/admin/releases/catalog/rollback', undefined, undefined, 'de');
    expect(back.status).toBe(200);
    expect(((await back.json()) as { message: string }).message).toBe('catalog ist zurück auf dist.');
    expect(
      ((await (await get('/mf/remotes.json')).json()) as { releases: Record<string, string> }).releases
        .catalog,
    ).toBe('dist');
  });

  it('serves a canary to a stable share of browsers, each always the same version, and hands out bucket cookies', async () => {
    expect(
      (await asAdmin('/admin/releases/catalog/canary', { version: 'v2-2222222222', percent: 50 })).status,
    ).toBe(200);
    const first = await get('/mf/remotes.json');
    expect(first.headers.get('cache-control')).toBe('private, no-cache');
    expect(first.headers.get('set-cookie')).toMatch(
      new RegExp(`^${BUCKET_COOKIE}=[A-Za-z0-9_-]{16,}; Path=/; Max-Age=\\d+; HttpOnly; SameSite=Lax`),
    );

    const versionFor = async (id: string) =>
      (
        (await (await get('/mf/remotes.json', { headers: { cookie: `${BUCKET_COOKIE}=${id}` } })).json()) as {
          releases: Record<string, string>;
        }
      ).releases.catalog;
    const inside = idWhere(true, 50);
    const outside = idWhere(false, 50);
    for (let i = 0; i < 3; i++) {
      expect(await versionFor(inside)).toBe('v2-2222222222');
      expect(await versionFor(outside)).toBe('dist');
    }
    expect((await asAdmin('/admin/releases/catalog/rollback')).status).toBe(200);
    expect(await versionFor(inside)).toBe('dist');
  });

  it('counts a browser’s load error against the version it ran, only with a nonce served for it, once', async () => {
    expect(
      (await asAdmin('/admin/releases/catalog/canary', { version: 'v2-2222222222', percent: 50 })).status,
    ).toBe(200);
    const load = async () =>
      (await (
        await get('/mf/remotes.json', { headers: { cookie: `${BUCKET_COOKIE}=${idWhere(true, 50)}` } })
      ).json()) as { releases: Record<string, string>; loadNonces: Record<string, string> };
    const loaded = await load();
    expect(loaded.releases.catalog).toBe('v2-2222222222');
    // A browser outside the canary loads dist: its nonce is for dist, not for v2.
    const distNonce = (await get('/mf/remotes.json', {
      headers: { cookie: `${BUCKET_COOKIE}=${idWhere(false, 50)}` },
    }).then((r) => r.json())) as { releases: Record<string, string>; loadNonces: Record<string, string> };
    expect(distNonce.releases.catalog).toBe('dist');
    const report = (nonce?: string) =>
      fetch(`${world.gateway.url}/api/v1/client-errors`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          message: 'Remote module catalog/BrowseRoutes could not be loaded',
          remote: 'catalog',
          release: 'v2-2222222222',
          ...(nonce === undefined ? {} : { nonce }),
        }),
      });
    // Every report is received and logged; only the one with this load's nonce for v2 counts, once.
    for (const nonce of [
      undefined,
      `${loaded.loadNonces.catalog!.slice(0, -4)}AAAA`,
      distNonce.loadNonces.catalog,
      loaded.loadNonces.player,
      loaded.loadNonces.catalog,
      loaded.loadNonces.catalog,
    ])
      expect((await report(nonce)).status).toBe(202);
    // The report is answered at once; the count is written after it.
    const loadErrors = async () => {
      const list = await fetch(`${world.gateway.url}/api/v1/admin/releases`, {
        headers: { authorization: 'Bearer admin-token-0123456789' },
      });
      // A refused list (the test's world busy) is asked again; its answer says why if it never recovers.
      if (!list.ok) return { status: list.status, answer: await list.text() };
      const body = (await list.json()) as {
        data: {
          remotes: Array<{ remote: string; releases: Array<{ version: string; loadErrors: number }> }>;
        };
      };
      const catalog = body.data.remotes.find((entry) => entry.remote === 'catalog')!;
      return Object.fromEntries(
        catalog.releases
          .filter((r) => r.version === 'v2-2222222222' || r.version === 'dist')
          .map((r) => [r.version, r.loadErrors]),
      );
    };
    await expect
      .poll(loadErrors, { timeout: 10_000, interval: 100 })
      .toEqual({ 'v2-2222222222': 1, dist: 0 });
    expect((await asAdmin('/admin/releases/catalog/rollback')).status).toBe(200);
  });

  it('switches the whole shell (index.html and its files) on a promotion, still serving the dist’s files to older pages', async () => {
    expect(await (await get('/browse')).text()).toContain('dist shell');
    await releases.repo!.record({
      remote: 'shell',
      version: 'v3-3333333333',
      label: 'v3',
      releasedBy: 'dana',
      gitCommit: null,
      shared: [],
      exposes: [],
    });
    expect((await asAdmin('/admin/releases/shell/promote', { version: 'v3-3333333333' })).status).toBe(200);
    const page = await get('/browse');
    expect(page.headers.get('cache-control')).toBe('no-cache');
    expect(await page.text()).toContain('released shell');
    expect(await (await get('/main.3333333333.js')).text()).toContain('releasedShell');
    expect(await (await get('/main.1111111111.js')).text()).toContain('distShell');
    expect(
      (await asAdmin('/admin/releases/shell/canary', { version: 'v3-3333333333', percent: 10 })).status,
    ).toBe(400);
    expect((await asAdmin('/admin/releases/shell/rollback')).status).toBe(200);
    expect(await (await get('/')).text()).toContain('dist shell');
  });

  it('keeps answering the last known releases while Postgres cannot be reached', async () => {
    expect((await asAdmin('/admin/releases/catalog/promote', { version: 'v2-2222222222' })).status).toBe(200);
    const broken = createGatewayReleases(
      buildConfig({
        STATIC_ROOT: root,
        DATABASE_URL: database.url,
        RELEASES_REFRESH_MS: '100',
        INTERNAL_SECRET: 'x'.repeat(32),
      }),
      pino({ level: 'silent' }),
    );
    await broken.registry.refresh();
    expect(broken.registry.answer(undefined).body.releases.catalog).toBe('v2-2222222222');
    // The pool ends: every read now fails, as with Postgres down.
    await broken.close();
    await broken.registry.refresh();
    expect(broken.registry.fresh).toBe(false);
    expect(broken.registry.answer(undefined).body.remotes.catalog).toBe(
      '/mf/catalog/v2-2222222222/mf-manifest.json',
    );
  });
});
