import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { contentHash, readBuildFacts, versionOf } from './manifest';
import { VERSION_PATTERN } from './repository';

const dirs: string[] = [];
function build(files: Record<string, string>): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
  dirs.push(dir);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}
afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('a release’s version and facts', () => {
  it('names the same files the same version, whatever the build stamp, and other files another', async () => {
    const a = build({ 'remoteEntry.js': 'var a;', 'static/1.js': 'x', '.build-stamp': 'one' });
    const b = build({ 'remoteEntry.js': 'var a;', 'static/1.js': 'x', '.build-stamp': 'two' });
    const c = build({ 'remoteEntry.js': 'var a;', 'static/1.js': 'y' });
    // The compressed copies the release writes beside a file are made from it: the same release.
    const withCopies = build({
      'remoteEntry.js': 'var a;',
      'remoteEntry.js.br': 'br',
      'remoteEntry.js.gz': 'gz',
      'static/1.js': 'x',
    });
    // A file that only looks like a copy is content.
    const lookalike = build({ 'remoteEntry.js': 'var a;', 'static/1.js': 'x', 'data.json.gz': 'archive' });
    expect(await contentHash(a)).toBe(await contentHash(b));
    expect(await contentHash(withCopies)).toBe(await contentHash(a));
    expect(await contentHash(lookalike)).not.toBe(await contentHash(a));
    expect(await contentHash(a)).not.toBe(await contentHash(c));
    const version = versionOf('Spring Sale!', await contentHash(a));
    expect(version).toMatch(/^spring-sale-[0-9a-f]{10}$/);
    expect(VERSION_PATTERN.test(version)).toBe(true);
    expect(versionOf('v0.1.0', await contentHash(a))).toMatch(/^v0\.1\.0-[0-9a-f]{10}$/);
    expect(versionOf('***', await contentHash(a))).toMatch(/^release-[0-9a-f]{10}$/);
  });

  it('reads what a remote shares and exposes from its manifest, and what a shell provides from its contract file', async () => {
    const remote = build({
      'mf-manifest.json': JSON.stringify({
        shared: [
          { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true },
          { name: '@catalyst/web-kit', version: '0.1.0', requiredVersion: false, singleton: true },
        ],
        exposes: [{ path: './TopCourses' }, { name: 'BrowseRoutes' }],
      }),
    });
    expect(await readBuildFacts(remote)).toEqual({
      shared: [
        { name: '@catalyst/web-kit', version: '0.1.0', requiredVersion: null, singleton: true },
        { name: 'react', version: '19.2.0', requiredVersion: '^19.2.0', singleton: true },
      ],
      exposes: ['./BrowseRoutes', './TopCourses'],
    });
    const shell = build({
      'index.html': '<html></html>',
      'catalyst-shared.json': JSON.stringify({ react: { version: '19.3.1', requiredVersion: '^19.2.0' } }),
    });
    expect(await readBuildFacts(shell)).toEqual({
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.2.0', singleton: true }],
      exposes: [],
    });
  });
});
