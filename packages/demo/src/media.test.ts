import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ffprobePath, installMediaTools, measureMediaSeconds } from '@catalyst/service-kit/media-tools';
import { DEMO_VIDEOS, demoVideoFor, measureDemoVideos } from './media';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

describe('demo media', () => {
  it('runs the npm build of ffprobe, installed on demand, when the machine has none on PATH', async () => {
    installMediaTools();
    const bundled = ffprobePath({ PATH: '' });
    expect(bundled).toContain(`${path.sep}@ffprobe-installer${path.sep}`);
    expect(await measureMediaSeconds(path.join(repoRoot, DEMO_VIDEOS[0]), bundled)).toBeCloseTo(30, 0);
  }, 180_000);

  it("measures every demo lesson's real length", async () => {
    const errors: string[] = [];
    const lengths = await measureDemoVideos((video, error) => errors.push(`${video}: ${error.message}`));
    expect(errors).toEqual([]);
    expect([...lengths.keys()]).toEqual([...DEMO_VIDEOS]);
    // media/generate.sh makes lessons of 22 to 36 seconds
    for (const seconds of lengths.values()) expect(seconds).toBeGreaterThan(20);
    expect(Math.max(...lengths.values())).toBeLessThan(40);
  });

  it('reports a lesson it cannot measure instead of inventing a length', async () => {
    const errors: string[] = [];
    const lengths = await measureDemoVideos((video) => errors.push(video), '/nonexistent');
    expect(lengths.size).toBe(0);
    expect(errors).toEqual([...DEMO_VIDEOS]);
  });

  it('gives a demo product the same lesson wherever it is asked', () => {
    expect(demoVideoFor('html-css-from-scratch')).toBe(demoVideoFor('html-css-from-scratch'));
    expect(DEMO_VIDEOS).toContain(demoVideoFor('sql-for-analysts'));
  });
});
