// The service worker's precache list, built over a made-up static root: what the shell precaches (with its
// revisions), which remote files the worker fetches at install, and what never goes in.
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServiceWorker, precacheEntries } from './build-sw';

const root = mkdtempSync(path.join(os.tmpdir(), 'catalyst-sw-'));
const write = (file: string, content: string | Buffer) => {
  mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  writeFileSync(path.join(root, file), content);
};
const md5 = (text: string) => createHash('md5').update(text).digest('hex');

beforeAll(() => {
  write('shell/dist/index.html', '<!doctype html>');
  write('shell/dist/assets/main.1a2b3c4d5e.js', 'console.log(1)');
  write('shell/dist/assets/main.1a2b3c4d5e.js.map', '{}');
  write('shell/dist/assets/app.css', 'body{}');
  write('shell/dist/assets/huge.js', Buffer.alloc(5 * 1024 * 1024));
  write('shell/dist/.cache/hidden.js', 'x');
  write('mfe-catalog/dist/remoteEntry.js', 'r');
  write('mfe-catalog/dist/static/js/12.abcdef12.js', 'c');
  write('mfe-admin/dist/static/js/9.abcdef99.js', 'a');
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe('the service worker build', () => {
  it('lists files by address: a hashed name is its own revision, another file has the md5 of its bytes', () => {
    const { entries, bytes } = precacheEntries(
      path.join(root, 'shell/dist'),
      ['js', 'css', 'html'],
      (file) => file === 'index.html',
    );
    // Left out: index.html (ignored), the source map (extension), dot-folders, and files over 4 MiB.
    expect(entries).toEqual([
      { revision: md5('body{}'), url: 'assets/app.css' },
      { revision: null, url: 'assets/main.1a2b3c4d5e.js' },
    ]);
    expect(bytes).toBe('body{}'.length + 'console.log(1)'.length);
  });

  it("writes sw.js with the shell's list in place of self.__WB_MANIFEST and the remotes' hashed files", async () => {
    const report = await buildServiceWorker(root);
    const worker = readFileSync(path.join(root, 'shell/dist/sw.js'), 'utf8');
    expect(worker).not.toContain('__WB_MANIFEST');
    expect(worker).toContain(JSON.stringify({ revision: null, url: 'assets/main.1a2b3c4d5e.js' }));
    expect(worker).toContain('"/mf/catalog/static/js/12.abcdef12.js"');
    // remoteEntry.js is asked of the network every time; the admin remote is never fetched ahead of use.
    expect(worker).not.toContain('/mf/catalog/remoteEntry.js');
    expect(worker).not.toContain('/mf/admin/static/js/9.abcdef99.js');
    // The install icons and offline.html it writes are precached too.
    expect(worker).toContain('"url":"offline.html"');
    expect(worker).toContain('"url":"icons/icon-192.png"');
    expect(report).toMatchObject({ remoteFiles: 1, precached: 7 });
  });
});
