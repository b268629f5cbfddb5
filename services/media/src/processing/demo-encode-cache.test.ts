import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { testLog } from '@catalyst/service-kit/testing';
import { encodeThroughCache } from './demo-encode-cache';

describe('the demo lessons’ kept encodes', () => {
  let root: string;
  let cache: string;
  let source: string;
  let runs = 0;
  beforeEach(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'catalyst-encode-cache-'));
    cache = path.join(root, 'cache');
    source = path.join(root, 'lesson.mp4');
    await writeFile(source, 'the lesson as shipped');
    runs = 0;
  });
  afterEach(() => rm(root, { recursive: true, force: true }));

  /** An encode that writes a playlist naming its run, so a copy can be told from a new encode. */
  const encodeInto = (work: string) => async () => {
    runs += 1;
    await mkdir(path.join(work, '360p'), { recursive: true });
    await writeFile(path.join(work, 'master.m3u8'), `#EXTM3U run ${runs}\n`);
    await writeFile(path.join(work, '360p', 'seg_000.ts'), 'segment');
    return { duration_seconds: 12.5, renditions: '[{"height":360}]', ladder: 2 };
  };
  const start = async (ladderVersion = 2) => {
    const work = await mkdtemp(path.join(root, 'work-'));
    const result = await encodeThroughCache(
      cache,
      { source, ladderVersion, work, log: testLog },
      encodeInto(work),
    );
    return { ...result, work };
  };

  it('encodes on the first start and copies the same files and facts on the next', async () => {
    const first = await start();
    expect([first.cached, runs]).toEqual([false, 1]);

    const second = await start();
    expect([second.cached, runs]).toEqual([true, 1]);
    expect(second.facts).toEqual(first.facts);
    expect(await readFile(path.join(second.work, 'master.m3u8'), 'utf8')).toBe('#EXTM3U run 1\n');
    expect(await readdir(path.join(second.work, '360p'))).toEqual(['seg_000.ts']);
  });

  it('encodes again when the lesson’s file or the ladder changed', async () => {
    await start();
    await writeFile(source, 'the lesson, edited');
    expect((await start()).cached).toBe(false);
    expect((await start(3)).cached).toBe(false);
    expect(runs).toBe(3);
    expect((await start(3)).cached).toBe(true);
  });

  it('keeps nothing of an encode that failed, so the next start encodes', async () => {
    const work = await mkdtemp(path.join(root, 'work-'));
    const failing = async () => {
      await writeFile(path.join(work, 'master.m3u8'), 'half');
      throw new Error('ffmpeg exited 1');
    };
    await expect(
      encodeThroughCache(cache, { source, ladderVersion: 2, work, log: testLog }, failing),
    ).rejects.toThrow('ffmpeg exited 1');
    expect((await start()).cached).toBe(false);
  });
});
