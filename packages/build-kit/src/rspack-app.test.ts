import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { rspack } from '@rspack/core';
import { afterAll, describe, expect, it } from 'vitest';
import { cssMinimizer } from './rspack-app';

const dir = mkdtempSync(path.join(os.tmpdir(), 'catalyst-css-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A stylesheet through a production build with the front ends' stylesheet minimizer: the file it writes. */
async function minified(css: string): Promise<string> {
  writeFileSync(path.join(dir, 'style.css'), css);
  const out = path.join(dir, 'out');
  const compiler = rspack({
    mode: 'production',
    context: dir,
    entry: './style.css',
    output: { path: out, cssFilename: 'style.css' },
    module: { rules: [{ test: /\.css$/, type: 'css' }] },
    optimization: { minimizer: [cssMinimizer()] },
  });
  await new Promise<void>((resolve, reject) =>
    compiler.run((error, stats) => {
      compiler.close(() => undefined);
      if (error || stats?.hasErrors()) reject(error ?? new Error(stats?.toString('errors-only')));
      else resolve();
    }),
  );
  const file = readdirSync(out).find((name) => name.endsWith('.css'));
  return readFileSync(path.join(out, file ?? 'style.css'), 'utf8');
}

const FRONT_END_DIRS = [
  'shell',
  'mfe-account',
  'mfe-admin',
  'mfe-catalog',
  'mfe-community',
  'mfe-player',
  'packages',
];

/** The stylesheets written by hand under `dir` (built copies and dependencies left out). */
function stylesheetsUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'vendor'].includes(entry.name) ? [] : stylesheetsUnder(file);
    return entry.name.endsWith('.css') ? [file] : [];
  });
}

describe("the front ends' stylesheets", () => {
  it('keep logical properties as written, not rewritten into rules per right-to-left language', async () => {
    const css = await minified('.note { margin-inline-end: 1rem; text-align: start; }\n');
    expect(css).toContain('margin-inline-end:1rem');
    expect(css).toContain('text-align:start');
    expect(css).not.toContain(':lang(');
  });

  it("name right to left by the document's direction, not by :dir(), which is rewritten per language", async () => {
    expect(await minified('.fill:dir(rtl) { transform-origin: right; }\n')).toContain(':lang(');
    const root = path.resolve(import.meta.dirname, '../../..');
    const sources = FRONT_END_DIRS.flatMap((top) => stylesheetsUnder(path.join(root, top)));
    expect(sources.length).toBeGreaterThan(50);
    const usingDir = sources.filter((file) => readFileSync(file, 'utf8').includes(':dir('));
    expect(usingDir).toEqual([]);
  });
});
