import { mkdirSync, mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import express from 'express';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createS3ObjectStore } from '@catalyst/service-kit/storage';
import { startTestBucket, type TestBucket } from '@catalyst/service-kit/storage/testing';
import { createTestDatabase } from '@catalyst/service-kit/testing';
import { precompressBuild } from '../../../scripts/precompress';
import { buildConfig } from '../config';
import { startWorld } from '../testing/upstreams';
import { releaseFilesHandler } from './files';
import { createGatewayReleases, releaseStoreOf, type GatewayReleases } from './index';
import { createReleaseStore } from './store';

const log = pino({ level: 'silent' });
const CATALOG = 'v2-2222222222';
const SHELL = 'v3-3333333333';
const chunk = `var catalog = ${JSON.stringify('released from the bucket')};${' '.repeat(1000)}//end`;

/** A build folder with the given files (and the build's own stamp, never part of a release). */
function writeBuild(dir: string, files: Record<string, string>) {
  for (const [name, text] of Object.entries({ ...files, '.build-stamp': 'stamp' })) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
}

// The media bucket's settings (MEDIA_S3_*) put release files in the bucket under releases/<remote>/<version>/…,
// and the gateway serves them from there: one storage module for media and releases.
describe('releases kept in the media bucket', () => {
  let bucket: TestBucket;
  let root: string;
  let copies: string;
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let releases: GatewayReleases;
  let world: Awaited<ReturnType<typeof startWorld>>;
  const get = (p: string, init?: RequestInit) => fetch(`${world.gateway.url}${p}`, init);

  beforeAll(async () => {
    bucket = await startTestBucket(['catalyst-media']);
    root = mkdtempSync(path.join(os.tmpdir(), 'gateway-bucket-releases-'));
    copies = path.join(root, 'copies');
    writeBuild(path.join(root, 'mfe-catalog', 'dist'), {
      'mf-manifest.json': '{"shared":[],"exposes":[]}',
      'remoteEntry.js': 'var catalog = "built dist";',
    });
    writeBuild(path.join(root, 'shell', 'dist'), {
      'index.html': '<!doctype html><html><head><title>dist shell</title></head><body></body></html>',
    });
    writeBuild(path.join(root, 'built-catalog'), {
      'mf-manifest.json': '{"shared":[],"exposes":[{"path":"./BrowseRoutes"}]}',
      'remoteEntry.js': chunk,
      'static/js/async/12.0123abcd.js': 'var lazy;',
    });
    // Compressed copies as `npm run build` leaves them: the entry's up to date, the lazy chunk's from before the
    // chunk was written again (a copy the store must not keep: it would be served for good).
    await precompressBuild(path.join(root, 'built-catalog'));
    const lazy = path.join(root, 'built-catalog', 'static/js/async/12.0123abcd.js');
    writeFileSync(`${lazy}.br`, brotliCompressSync(`var old;${' '.repeat(2000)}`));
    utimesSync(`${lazy}.br`, new Date(Date.now() - 60_000), new Date(Date.now() - 60_000));
    writeBuild(path.join(root, 'built-shell'), {
      'index.html':
        '<!doctype html><html><head><title>shell from the bucket</title></head><body></body></html>',
      'main.3333333333.js': 'var bucketShell;',
    });
    database = await createTestDatabase();
    const env = {
      STATIC_ROOT: root,
      RELEASES_DIR: copies,
      DATABASE_URL: database.url,
      RELEASES_REFRESH_MS: '100',
      ...bucket.env,
    };
    releases = createGatewayReleases(buildConfig({ ...env, INTERNAL_SECRET: 'x'.repeat(32) }), log);
    await releases.prepare();
    // As `npm run release` does: the files into the store, then the record.
    await releases.store.publish('catalog', CATALOG, path.join(root, 'built-catalog'));
    await releases.store.publish('shell', SHELL, path.join(root, 'built-shell'));
    await releases.repo!.record({
      remote: 'catalog',
      version: CATALOG,
      label: 'v2',
      releasedBy: 'dana',
      gitCommit: null,
      shared: [],
      exposes: ['./BrowseRoutes'],
    });
    await releases.repo!.record({
      remote: 'shell',
      version: SHELL,
      label: 'v3',
      releasedBy: 'dana',
      gitCommit: null,
      shared: [],
      exposes: [],
    });
    world = await startWorld(env, { releases });
  });
  afterAll(async () => {
    await world?.close();
    await releases?.close();
    await database?.drop();
    await bucket?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('publishes under releases/<remote>/<version>/ in the bucket, without the build stamp, and nothing on local disk', async () => {
    expect(releases.store.storage).toBe('s3');
    const keys = await createS3ObjectStore(bucket.settings).list('releases/');
    // The entry's compressed copies go with it; the lazy chunk's stale copy stays behind.
    expect(keys).toEqual([
      `releases/catalog/${CATALOG}/mf-manifest.json`,
      `releases/catalog/${CATALOG}/remoteEntry.js`,
      `releases/catalog/${CATALOG}/remoteEntry.js.br`,
      `releases/catalog/${CATALOG}/remoteEntry.js.gz`,
      `releases/catalog/${CATALOG}/static/js/async/12.0123abcd.js`,
      `releases/shell/${SHELL}/index.html`,
      `releases/shell/${SHELL}/main.3333333333.js`,
    ]);
    expect(await releases.store.has('catalog', CATALOG)).toBe(true);
    expect(await releases.store.has('catalog', 'v9-9999999999')).toBe(false);
    expect(readdirSync(root).includes('copies') ? readdirSync(copies) : []).not.toContain('catalog');
    // The release command finds the same store from the same settings.
    expect(
      releaseStoreOf(buildConfig({ STATIC_ROOT: root, INTERNAL_SECRET: 'x'.repeat(32), ...bucket.env }))
        .storage,
    ).toBe('s3');
    expect(releaseStoreOf(buildConfig({ STATIC_ROOT: root, INTERNAL_SECRET: 'x'.repeat(32) })).storage).toBe(
      'disk',
    );
  });

  it('serves a release’s files streamed from the bucket, cached for good, with ranges and revalidation', async () => {
    const file = await get(`/mf/catalog/${CATALOG}/remoteEntry.js`, {
      headers: { 'accept-encoding': 'identity' },
    });
    expect(file.status).toBe(200);
    expect(await file.text()).toBe(chunk);
    expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(file.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
    expect(file.headers.get('content-length')).toBe(String(chunk.length));
    expect(await (await get(`/mf/catalog/${CATALOG}/static/js/async/12.0123abcd.js`)).text()).toBe(
      'var lazy;',
    );
    // A file put straight into the bucket (nowhere on this machine) is served: the bucket is where files are read.
    const extra = mkdtempSync(path.join(os.tmpdir(), 'gateway-bucket-extra-'));
    writeFileSync(path.join(extra, 'only-in-bucket.js'), 'var onlyInBucket;');
    await createS3ObjectStore(bucket.settings).publishDir(extra, `releases/catalog/${CATALOG}/`);
    rmSync(extra, { recursive: true, force: true });
    expect(await (await get(`/mf/catalog/${CATALOG}/only-in-bucket.js`)).text()).toBe('var onlyInBucket;');
    expect((await get(`/mf/catalog/${CATALOG}/mf-manifest.json`)).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );

    const part = await get(`/mf/catalog/${CATALOG}/remoteEntry.js`, { headers: { range: 'bytes=4-10' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4-10/${chunk.length}`);
    expect(await part.text()).toBe('catalog');
    expect(
      (
        await get(`/mf/catalog/${CATALOG}/remoteEntry.js`, {
          headers: { range: `bytes=${chunk.length + 5}-` },
        })
      ).status,
    ).toBe(416);

    const again = await get(`/mf/catalog/${CATALOG}/remoteEntry.js`, {
      headers: { 'if-none-match': file.headers.get('etag')! },
    });
    expect(again.status).toBe(304);
    const head = await get(`/mf/catalog/${CATALOG}/remoteEntry.js`, {
      method: 'HEAD',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-length')).toBe(String(chunk.length));
  });

  it('404s what is not in the bucket, and paths that would leave a release', async () => {
    expect((await get('/mf/catalog/v9-9999999999/remoteEntry.js')).status).toBe(404);
    expect((await get(`/mf/catalog/${CATALOG}/missing.js`)).status).toBe(404);
    expect((await get(`/mf/catalog/${CATALOG}/static`)).status).toBe(404);
    expect((await get(`/mf/catalog/${CATALOG}/%2e%2e/%2e%2e/shell/${SHELL}/index.html`)).status).toBe(404);
    expect((await get(`/mf/catalog/${CATALOG}/.build-stamp`)).status).toBe(404);
    // Not a version: the built dist in place, as before.
    expect(await (await get('/mf/catalog/remoteEntry.js')).text()).toContain('built dist');
  });

  it('promotes a remote and the shell kept in the bucket: the shell’s page and files come from the release', async () => {
    await releases.repo!.promote('catalog', CATALOG, 'dana');
    await releases.repo!.promote('shell', SHELL, 'dana');
    await releases.registry.refresh();
    const answer = (await (await get('/mf/remotes.json')).json()) as {
      remotes: Record<string, string>;
      releases: Record<string, string>;
    };
    expect(answer.remotes.catalog).toBe(`/mf/catalog/${CATALOG}/mf-manifest.json`);
    expect(answer.releases.shell).toBe(SHELL);
    const page = await get('/browse');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('shell from the bucket');
    expect(await (await get('/main.3333333333.js')).text()).toBe('var bucketShell;');
  });

  it('keeps serving the last shell when a promoted one cannot be copied from the bucket', async () => {
    await releases.repo!.record({
      remote: 'shell',
      version: 'v4-4444444444',
      label: 'v4',
      releasedBy: 'dana',
      gitCommit: null,
      shared: [],
      exposes: [],
    });
    await releases.repo!.promote('shell', 'v4-4444444444', 'dana');
    await releases.registry.refresh();
    expect(releases.registry.fresh).toBe(false);
    expect(releases.registry.current('shell')).toBe(SHELL);
    expect(await (await get('/browse')).text()).toContain('shell from the bucket');
    await releases.repo!.rollback('shell', 'dana');
    await releases.registry.refresh();
    expect(releases.registry.fresh).toBe(true);
  });

  it('answers 503 in the one error shape when the bucket cannot be reached', async () => {
    const unreachable = createReleaseStore({
      root: copies,
      staticRoot: root,
      bucket: createS3ObjectStore({ ...bucket.settings, endpoint: 'http://127.0.0.1:9' }),
    });
    const app = express().use('/mf/catalog/:version', releaseFilesHandler(unreachable, 'catalog', log));
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    try {
      const answer = await fetch(
        `http://127.0.0.1:${(server.address() as AddressInfo).port}/mf/catalog/${CATALOG}/remoteEntry.js`,
      );
      expect(answer.status).toBe(503);
      expect(await answer.json()).toEqual({
        success: false,
        message: 'Release files are unavailable right now. Please try again shortly.',
      });
    } finally {
      server.close();
    }
  });
});
