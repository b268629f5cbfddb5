// Makes the demo courses' downloadable PDF resources (media/resources/*.pdf) with pdf-lib: one designed
// A4 sheet (or two) per file in DEMO_RESOURCE_FILES, titled, with its course, its lesson and real content.
// The designs are in media/pdf/designs, the drawing kit they share in media/pdf/kit.
// Deterministic: fixed metadata dates and no random ids, so running it again changes no byte.
//   npx tsx media/generate-resources.ts
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { DEMO_RESOURCE_FILES } from '../packages/demo/src/courses';
import { placesOfFiles, renderResource } from './pdf/render';

const REPO_ROOT = path.resolve(import.meta.dirname, '..');

async function main() {
  const places = placesOfFiles();
  for (const file of DEMO_RESOURCE_FILES) {
    const bytes = await renderResource(file, places.get(file)!);
    const target = path.join(REPO_ROOT, file);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, bytes);
    console.log(`${file}  ${(bytes.length / 1024).toFixed(1)} KiB`);
  }
}

await main();
