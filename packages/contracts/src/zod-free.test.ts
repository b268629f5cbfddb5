import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The player remote keeps zod (and the schemas built with it at load) out of its pages: what it takes from the
// contracts comes from zod-free modules (progress-rules.ts, path-rules.ts, course-rules.ts, the *-terms.ts).
// Imported from a module with schemas, a constant alone would download zod and build every schema of that
// module and its imports on the product page before it renders.

const SRC = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(SRC, '../../..');
const PLAYER_SRC = path.join(ROOT, 'mfe-player/src');
const EXPORTS = (
  JSON.parse(readFileSync(path.join(SRC, '../package.json'), 'utf8')) as {
    exports: Record<string, string>;
  }
).exports;

const read = (file: string) => readFileSync(file, 'utf8');
/** The file a relative specifier names: `./a` is `a.ts`, or `a/index.ts` for a folder. */
function moduleFile(from: string, specifier: string): string {
  const named = path.resolve(path.dirname(from), specifier);
  if (specifier.endsWith('.ts')) return named;
  return existsSync(`${named}.ts`) ? `${named}.ts` : path.join(named, 'index.ts');
}

/** Each `import … from '…'` and `export … from '…'` of a source, with what it names (types left out). */
function importsOf(source: string): Array<{ names: string[]; specifier: string; star: boolean }> {
  const found: Array<{ names: string[]; specifier: string; star: boolean }> = [];
  const pattern = /^(import|export)\s+(type\s+)?(\*|\{[^}]*\}|[\w$]+)?\s*(?:from\s+)?'([^']+)'/gm;
  for (const [, , typeOnly, what = '', specifier] of source.matchAll(pattern)) {
    if (typeOnly) continue;
    const names = what.startsWith('{')
      ? what
          .slice(1, -1)
          .split(',')
          .map((part) => part.trim())
          .filter((part) => part && !part.startsWith('type '))
          .map((part) => part.split(/\s+as\s+/).pop()!)
      : [];
    found.push({ names, specifier: specifier!, star: what === '*' });
  }
  return found;
}

/** The contracts module that declares `name`, following the index's and the modules' re-exports. */
function declaringModule(file: string, name: string, seen = new Set<string>()): string | null {
  if (seen.has(`${file}:${name}`)) return null;
  seen.add(`${file}:${name}`);
  const source = read(file);
  if (
    new RegExp(`^export\\s+(?:async\\s+)?(?:const|function|class|enum|let)\\s+${name}\\b`, 'm').test(source)
  )
    return file;
  for (const [, what, list = '', specifier] of source.matchAll(
    /^export\s+(\*|\{([^}]*)\})\s+from\s+'(\.[^']+)'/gm,
  )) {
    // `export { a as b }` names `b` here and `a` there
    const named = list
      .split(',')
      .map((part) => part.trim().split(/\s+as\s+/))
      .find((parts) => parts[parts.length - 1] === name);
    if (what !== '*' && !named) continue;
    const found = declaringModule(moduleFile(file, specifier!), named ? named[0]! : name, seen);
    if (found) return found;
  }
  return null;
}

/** Whether the module, or any module it loads (value imports only), imports zod. */
function loadsZod(file: string, seen = new Set<string>()): boolean {
  if (seen.has(file)) return false;
  seen.add(file);
  return importsOf(read(file)).some(
    ({ specifier }) =>
      specifier === 'zod' || (specifier.startsWith('.') && loadsZod(moduleFile(file, specifier), seen)),
  );
}

function playerSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    // the remote's test helpers (testing/) are not shipped
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : playerSources(file);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|testing/.test(entry.name) ? [file] : [];
  });
}

describe("the player's imports from the contracts", () => {
  it('load no zod', () => {
    const offenders: string[] = [];
    let checked = 0;
    for (const file of playerSources(PLAYER_SRC)) {
      for (const { names, specifier } of importsOf(read(file))) {
        if (specifier !== '@catalyst/contracts' && !specifier.startsWith('@catalyst/contracts/')) continue;
        const subpath = `.${specifier.slice('@catalyst/contracts'.length)}`;
        const entry = path.join(SRC, '..', EXPORTS[subpath] ?? '');
        for (const name of names) {
          const declared = declaringModule(entry, name);
          checked += 1;
          if (!declared) offenders.push(`${name} (${specifier}): not found`);
          else if (loadsZod(declared))
            offenders.push(`${name} in ${path.relative(ROOT, file)}: ${path.basename(declared)} loads zod`);
        }
      }
    }
    expect(checked).toBeGreaterThan(10);
    expect(offenders).toEqual([]);
  });
});
