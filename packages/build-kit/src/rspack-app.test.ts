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

describe("the front ends' stylesheets", () => {
  it('keep logical properties as written, not rewritten into rules per right-to-left language', async () => {
    const css = await minified('.note { margin-inline-end: 1rem; text-align: start; }\n');
    expect(css).toContain('margin-inline-end:1rem');
    expect(css).toContain('text-align:start');
    expect(css).not.toContain(':lang(');
  });
});
