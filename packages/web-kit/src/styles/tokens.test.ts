import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const TOKENS = readFileSync(path.join(import.meta.dirname, 'tokens.css'), 'utf8');

/** Every stylesheet of the front ends, beside their sources. */
function stylesheets(): string[] {
  const folders = readdirSync(ROOT)
    .filter((name) => name === 'shell' || name.startsWith('mfe-'))
    .map((name) => path.join(ROOT, name, 'src'))
    .concat(path.join(ROOT, 'packages/web-kit/src'));
  return folders.flatMap((folder) =>
    readdirSync(folder, { recursive: true, encoding: 'utf8' })
      .filter((file) => file.endsWith('.css'))
      .map((file) => path.join(folder, file)),
  );
}

describe('design tokens', () => {
  it('are the only --ck- variables a stylesheet reads (a misspelt one silently runs on its fallback)', () => {
    const declared = new Set(Array.from(TOKENS.matchAll(/(--ck-[\w-]+)\s*:/g), (m) => m[1]));
    const unknown = stylesheets().flatMap((file) => {
      const css = readFileSync(file, 'utf8');
      // a stylesheet may declare a variable of its own
      const own = new Set(Array.from(css.matchAll(/(--ck-[\w-]+)\s*:/g), (m) => m[1]));
      return Array.from(css.matchAll(/var\(\s*(--ck-[\w-]+)/g), (m) => m[1]!)
        .filter((name) => !declared.has(name) && !own.has(name))
        .map((name) => `${path.relative(ROOT, file)}: ${name}`);
    });
    expect(stylesheets().length).toBeGreaterThan(20);
    expect(unknown).toEqual([]);
  });
});
