import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { precompressBuild } from './precompress';

describe('precompressBuild', () => {
  let dir: string;
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('writes brotli and gzip copies of the compressible files of a build, once', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'precompress-'));
    const big = 'export const x = 1;\n'.repeat(200);
    const write = (file: string, content: string) => {
      mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
      writeFileSync(path.join(dir, file), content);
    };
    write('main.1a2b3c4d.js', big);
    write('static/css/app.1a2b3c4d.css', big);
    write('mf-manifest.json', big);
    write('small.1a2b3c4d.js', 'export {};');
    write('index.html', big);
    write('icon.png', big);
    const first = await precompressBuild(dir);
    expect(first.written).toBe(3);
    for (const file of ['main.1a2b3c4d.js', 'static/css/app.1a2b3c4d.css', 'mf-manifest.json']) {
      expect(brotliDecompressSync(readFileSync(path.join(dir, `${file}.br`))).toString('utf8'), file).toBe(
        big,
      );
      expect(gunzipSync(readFileSync(path.join(dir, `${file}.gz`))).toString('utf8'), file).toBe(big);
    }
    for (const file of ['small.1a2b3c4d.js', 'index.html', 'icon.png'])
      expect(() => statSync(path.join(dir, `${file}.br`)), file).toThrow();
    // Up to date: nothing written again.
    expect((await precompressBuild(dir)).written).toBe(0);
    // A file written again after its copies gets new ones.
    write('main.1a2b3c4d.js', `${big}// changed\n`);
    utimesSync(path.join(dir, 'main.1a2b3c4d.js'), new Date(), new Date(Date.now() + 60_000));
    expect((await precompressBuild(dir)).written).toBe(1);
    expect(brotliDecompressSync(readFileSync(path.join(dir, 'main.1a2b3c4d.js.br'))).toString('utf8')).toBe(
      `${big}// changed\n`,
    );
  });

  it('has nothing to do for a folder that is not there', async () => {
    dir = path.join(os.tmpdir(), `precompress-missing-${process.pid}`);
    expect(await precompressBuild(dir)).toEqual({ written: 0, bytes: 0, brotliBytes: 0 });
  });
});
