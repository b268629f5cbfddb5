import { existsSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { makeWorkDir, sweepWorkDirs } from './work-dirs';

const HOUR_MS = 60 * 60 * 1000;
let root: string;
beforeEach(() => {
  root = path.join(mkdtempSync(path.join(os.tmpdir(), 'media-work-test-')), 'work');
});
afterEach(() => rmSync(path.dirname(root), { recursive: true, force: true }));

/** A run's folder with an encode half written, last changed `ageMs` ago. */
async function runFolder(name: string, ageMs: number) {
  const dir = await makeWorkDir(name, root);
  writeFileSync(path.join(dir, 'seg_000.ts'), Buffer.alloc(1024));
  const when = new Date(Date.now() - ageMs);
  utimesSync(dir, when, when);
  return dir;
}

describe('the run folders of the media worker', () => {
  it('removes what runs a killed worker left once no run can still be working in them, and keeps the runs in progress', async () => {
    const killed = await runFolder('656f0c0e8a1b2c3d4e5f6a7b', 3 * HOUR_MS);
    const killedCopy = await runFolder('upload-656f0c0e8a1b2c3d4e5f6a7c', 2 * HOUR_MS);
    const running = await runFolder('656f0c0e8a1b2c3d4e5f6a7d', 10 * 60 * 1000);

    expect(await sweepWorkDirs(HOUR_MS, { root })).toBe(2);
    expect([existsSync(killed), existsSync(killedCopy), existsSync(running)]).toEqual([false, false, true]);
    // nothing left to remove, and a machine where no run ever worked has nothing to sweep
    expect(await sweepWorkDirs(HOUR_MS, { root })).toBe(0);
    expect(await sweepWorkDirs(HOUR_MS, { root: path.join(root, 'never-made') })).toBe(0);
  });

  it('gives each run a folder of its own, named after what it works on', async () => {
    const [a, b] = await Promise.all([
      makeWorkDir('656f0c0e8a1b2c3d4e5f6a7b', root),
      makeWorkDir('656f0c0e8a1b2c3d4e5f6a7b', root),
    ]);
    expect(a).not.toBe(b);
    expect(path.basename(a)).toMatch(/^656f0c0e8a1b2c3d4e5f6a7b-/);
    expect(path.dirname(a)).toBe(root);
  });
});
