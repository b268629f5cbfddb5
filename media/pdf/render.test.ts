import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEMO_RESOURCE_FILES } from '../../packages/demo/src/courses';
import { placesOfFiles, renderResource } from './render';

const REPO_ROOT = path.resolve(import.meta.dirname, '../..');

describe('the demo resources', () => {
  it('are drawn byte for byte as committed (run `npx tsx media/generate-resources.ts` after a change)', async () => {
    const places = placesOfFiles();
    for (const file of DEMO_RESOURCE_FILES) {
      const drawn = Buffer.from(await renderResource(file, places.get(file)!));
      const committed = readFileSync(path.join(REPO_ROOT, file));
      expect(drawn.equals(committed), `${file} differs from what its design draws`).toBe(true);
    }
  });

  it('refuses a file that has no design', async () => {
    const place = { course: 'A course', lesson: 'A lesson', title: 'A resource' };
    await expect(renderResource('/media/resources/nothing.pdf', place)).rejects.toThrow(
      '/media/resources/nothing.pdf has no design in media/pdf/designs: add one',
    );
  });
});
