/**
 * Tools only the bench uses are not dependencies of the workspace, so `npm install` does not pay for them on
 * every clone (docs/contributing.md: the install's budget). Each is a small npm project of its own under bench/
 * (package.json, package-lock.json: pinned like any dependency, and an index.mjs naming what the bench takes);
 * its packages are installed into its node_modules with `npm ci` the first time a bench needs them, and again
 * only when its lock file changes. bench/lighthouse holds Lighthouse, puppeteer-core and the trace engine (about
 * 100 MB); bench/load-tools holds autocannon (4 MB).
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import type autocannonFn from 'autocannon';

const HERE = path.dirname(fileURLToPath(import.meta.url));

type Say = (line: string) => void;

/** Installs bench/<folder>'s packages unless those installed came from the same lock file. */
function installOnFirstUse(folder: string, what: string, say: Say): string {
  const dir = path.join(HERE, folder);
  const stamp = path.join(dir, 'node_modules', '.catalyst-lock-sha256');
  const lock = createHash('sha256')
    .update(readFileSync(path.join(dir, 'package-lock.json')))
    .digest('hex');
  if (existsSync(stamp) && readFileSync(stamp, 'utf8') === lock) return dir;
  say(`installing ${what} into bench/${folder}/node_modules (npm ci, first use)`);
  const started = Date.now();
  // stdout stays the bench's own (tables, JSON): npm's output goes to stderr.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: dir, stdio: ['ignore', 2, 2] });
  writeFileSync(stamp, lock);
  say(`${what} installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
  return dir;
}

const loaded = new Map<string, Promise<unknown>>();

/** What bench/<folder>/index.mjs exports, installed first if need be (once per process). */
export function loadToolPackage<T>(folder: string, what: string, say: Say): Promise<T> {
  let module = loaded.get(folder);
  if (!module) {
    module = (async () => {
      const dir = installOnFirstUse(folder, what, say);
      return import(pathToFileURL(path.join(dir, 'index.mjs')).href);
    })();
    loaded.set(folder, module);
  }
  return module as Promise<T>;
}

export type Autocannon = typeof autocannonFn;

/** autocannon (its types from @types/autocannon, a dev dependency of the bench workspace). */
export async function loadAutocannon(
  say: Say = (line) => process.stderr.write(`[load-tools] ${line}\n`),
): Promise<Autocannon> {
  return (await loadToolPackage<{ autocannon: Autocannon }>('load-tools', 'autocannon', say)).autocannon;
}
