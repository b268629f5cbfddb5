import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { injectInstallTags, webAppManifest } from './pwa';
import { startGateway, type RunningGateway } from './testing/upstreams';

describe('the installable app', () => {
  let root: string;
  let gateway: RunningGateway;
  const get = (p: string) => fetch(`${gateway.url}${p}`);

  beforeAll(async () => {
    root = mkdtempSync(path.join(os.tmpdir(), 'gateway-pwa-'));
    mkdirSync(path.join(root, 'shell/dist/icons'), { recursive: true });
    writeFileSync(
      path.join(root, 'shell/dist/index.html'),
      '<!doctype html><html><head><title>x</title></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(path.join(root, 'shell/dist/sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(path.join(root, 'shell/dist/icons/icon-192.png'), Buffer.alloc(10, 1));
    gateway = await startGateway({ STATIC_ROOT: root, SITE_NAME: 'Northwind Learning Academy' });
  });
  afterAll(async () => {
    await gateway.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('serves the web app manifest from the running site name, with icons, standalone display and shortcuts', async () => {
    const response = await get('/manifest.webmanifest');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const manifest = (await response.json()) as ReturnType<typeof webAppManifest>;
    expect(manifest).toMatchObject({
      name: 'Northwind Learning Academy',
      short_name: 'Northwind',
      display: 'standalone',
      start_url: '/?source=pwa',
      scope: '/',
    });
    expect(manifest.icons).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ sizes: '192x192', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'any' }),
        expect.objectContaining({ sizes: '512x512', purpose: 'maskable' }),
      ]),
    );
    expect(manifest.shortcuts.map((s) => [s.name, s.url])).toEqual([
      ['Browse', '/browse'],
      ['Continue watching', '/#continue-watching'],
    ]);
  });

  it('serves /sw.js revalidated every time and allowed the whole site', async () => {
    const response = await get('/sw.js');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(response.headers.get('service-worker-allowed')).toBe('/');
    expect(response.headers.get('content-type')).toMatch(/javascript/);
  });

  it('links the manifest and the touch icon from every page, and allows them in the CSP', async () => {
    const response = await get('/browse');
    const html = await response.text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
    expect(html).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/manifest-src 'self'/);
    expect(csp).toMatch(/worker-src 'self'/);
  });

  it('keeps a short name short and adds the tags once', () => {
    const shortName = (name: string) => webAppManifest({ name, tagline: '' }).short_name;
    expect(shortName('Catalyst')).toBe('Catalyst');
    expect(shortName('Extraordinarily Long Name')).toBe('Extraordinar');
    const once = injectInstallTags('<html><head></head></html>');
    expect(injectInstallTags(once)).toBe(once);
  });
});
