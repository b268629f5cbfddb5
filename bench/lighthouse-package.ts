/**
 * The bench's Lighthouse: lighthouse 12, the puppeteer-core it drives and its trace engine, about 100 MB that
 * nothing but the Lighthouse benches uses, so they are not dependencies of the workspace. bench/lighthouse is a
 * small npm project of its own (package.json, package-lock.json: pinned like any dependency); its packages are
 * installed into bench/lighthouse/node_modules with `npm ci` the first time a bench needs them, and again only
 * when its lock file changes.
 */
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), 'lighthouse');
/** The lock file's hash, written after an install that finished. */
const STAMP = path.join(DIR, 'node_modules', '.catalyst-lock-sha256');

/** As much of puppeteer's page as the bench uses. */
interface PuppeteerPage {
  evaluateOnNewDocument<A extends unknown[]>(fn: (...args: A) => void, ...args: A): Promise<unknown>;
  evaluate<A extends unknown[], R>(fn: (...args: A) => R, ...args: A): Promise<R>;
}
export interface PuppeteerBrowser {
  newPage(): Promise<PuppeteerPage>;
  close(): Promise<void>;
}
export interface LighthousePackage {
  /** Lighthouse's Node API: one audit of `url` in `page`'s tab. */
  lighthouse(
    url: string,
    flags: object,
    config: object | undefined,
    page: PuppeteerPage,
  ): Promise<{ lhr: object } | undefined>;
  puppeteer: {
    launch(options: {
      executablePath: string;
      headless: boolean;
      userDataDir: string;
      args: string[];
      defaultViewport: null;
    }): Promise<PuppeteerBrowser>;
  };
  /** The trace engine's base class of simulated metrics (Lighthouse's "Lantern"), the very one it runs. */
  Metric: unknown;
}

/** Installs bench/lighthouse's packages unless those installed came from the same lock file. */
function installLighthouse(say: (line: string) => void): void {
  const lock = createHash('sha256')
    .update(readFileSync(path.join(DIR, 'package-lock.json')))
    .digest('hex');
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === lock) return;
  say('installing Lighthouse into bench/lighthouse/node_modules (npm ci, first use)');
  const started = Date.now();
  // stdout stays the bench's own (tables, JSON): npm's output goes to stderr.
  execFileSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: DIR, stdio: ['ignore', 2, 2] });
  writeFileSync(STAMP, lock);
  say(`Lighthouse installed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

let loaded: Promise<LighthousePackage> | undefined;

/** Lighthouse, puppeteer-core and the trace engine's Metric, installed first if need be. */
export function loadLighthouse(
  say = (line: string) => process.stderr.write(`[lighthouse] ${line}\n`),
): Promise<LighthousePackage> {
  loaded ??= (async () => {
    installLighthouse(say);
    return (await import(pathToFileURL(path.join(DIR, 'index.mjs')).href)) as LighthousePackage;
  })();
  return loaded;
}
