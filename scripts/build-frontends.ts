// Builds the shell and the five remotes with rspack (production) when their dist/ is missing or
// stale. Staleness = a hash of everything the build reads, kept in dist/.build-stamp.
//   tsx scripts/build-frontends.ts [--force] [--only <name>]
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildServiceWorker } from './build-sw';
import { precompressBuild } from './precompress';
import { siteConfigFromEnv, writeFirstPaint } from './first-paint';
import { runToEnd } from './lib/processes';
import {
  federationName,
  missingWebKitNames,
  SHELL_SHARED_FILE,
  webKitImportsOf,
  writeReleaseContract,
  type ShellShared,
} from './release/contract-checks';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface FrontendApp {
  /** Federation name, also accepted by --only. */
  name: string;
  dir: string;
  /** A file every complete build has in dist/. */
  marker: string;
  /** The build also renders the first paint of its pages that need no data (scripts/first-paint.ts). */
  firstPaint?: boolean;
  /** The build reads every remote's route table (`src/shell-routes.ts`): the host's pages, preloads and first reads. */
  readsRouteTables?: boolean;
}

export const FRONTEND_APPS: FrontendApp[] = [
  { name: 'shell', dir: 'shell', marker: 'index.html', firstPaint: true, readsRouteTables: true },
  { name: 'catalog', dir: 'mfe-catalog', marker: 'mf-manifest.json' },
  { name: 'player', dir: 'mfe-player', marker: 'mf-manifest.json' },
  { name: 'account', dir: 'mfe-account', marker: 'mf-manifest.json' },
  { name: 'admin', dir: 'mfe-admin', marker: 'mf-manifest.json' },
  { name: 'community', dir: 'mfe-community', marker: 'mf-manifest.json' },
];

const STAMP = '.build-stamp';
/** Inputs every app's build reads besides its own folder. */
const SHARED_INPUTS = [
  'packages/web-kit/src',
  'packages/web-kit/assets',
  'packages/web-kit/package.json',
  'packages/contracts/src',
  'packages/build-kit',
  'types',
];

function listFiles(target: string): string[] {
  if (!existsSync(target)) return [];
  if (statSync(target).isFile()) return [target];
  return readdirSync(target, { withFileTypes: true })
    .filter((entry) => entry.name !== 'node_modules' && entry.name !== 'dist')
    .flatMap((entry) => listFiles(path.join(target, entry.name)))
    .sort();
}

/** What a first paint is rendered by and with besides the app's sources: its renderer and the site config (env). */
const FIRST_PAINT_INPUTS = ['scripts/first-paint.ts', 'gateway/src/first-paint.ts'];

/**
 * What an app's build reads: its src, config and package.json, the shared packages and build helper, a
 * host's first-paint inputs and the remotes' route tables it is built with (a new first read in a remote's
 * table is a new shell).
 */
export function buildInputs(app: FrontendApp): string[] {
  const routeTables = app.readsRouteTables
    ? FRONTEND_APPS.filter((other) => other !== app).map((other) => `${other.dir}/src/shell-routes.ts`)
    : [];
  return [
    `${app.dir}/src`,
    `${app.dir}/rspack.config.ts`,
    `${app.dir}/package.json`,
    ...SHARED_INPUTS,
    ...(app.firstPaint ? FIRST_PAINT_INPUTS : []),
    ...routeTables,
  ];
}

/** Hash of everything the app's build reads (buildInputs), and for a first paint the site config. */
export function sourceHash(app: FrontendApp, env: NodeJS.ProcessEnv = process.env): string {
  const inputs = buildInputs(app);
  const hash = createHash('sha256');
  // Another SITE_NAME (or contact) means another first paint: the gateway would not serve the old one.
  if (app.firstPaint) hash.update(`${JSON.stringify(siteConfigFromEnv(env))}\0`);
  for (const input of inputs) {
    for (const file of listFiles(path.join(ROOT, input))) {
      hash.update(path.relative(ROOT, file));
      hash.update('\0');
      hash.update(readFileSync(file));
      hash.update('\0');
    }
  }
  return hash.digest('hex');
}

export function isUpToDate(app: FrontendApp, hash = sourceHash(app)): boolean {
  const dist = path.join(ROOT, app.dir, 'dist');
  if (!existsSync(path.join(dist, app.marker))) return false;
  try {
    return readFileSync(path.join(dist, STAMP), 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

const RSPACK_CLI = path.join(ROOT, 'node_modules/@rspack/cli/bin/rspack.js');

/** Environment of the rspack child without tsx's loader hooks (they would rewrite the federation runtime). */
function childEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_ENV: 'production' };
  const nodeOptions = (env.NODE_OPTIONS ?? '')
    .split(/\s+/)
    .filter(
      (option: string, i: number, all: string[]) =>
        option !== '' &&
        !option.includes('tsx') &&
        !(['--import', '--require', '--loader'].includes(option) && all[i + 1]?.includes('tsx')),
    )
    .join(' ');
  if (nodeOptions) env.NODE_OPTIONS = nodeOptions;
  else delete env.NODE_OPTIONS;
  return env;
}

/**
 * Runs `rspack build` for one app in a plain node child process: the federation runtime is taken
 * from a function's source text, which a TypeScript loader in this process would have altered.
 * `outDir` builds somewhere else than the app's dist/ (a release: scripts/release/release.ts). A host's
 * build then renders its first paint into the same folder.
 */
export async function compile(app: FrontendApp, log: (line: string) => void, outDir?: string): Promise<void> {
  await rspackBuild(app, log, outDir);
  if (app.firstPaint) {
    const { pages } = await writeFirstPaint(
      path.join(ROOT, app.dir),
      outDir ?? path.join(ROOT, app.dir, 'dist'),
    );
    log(`  ${app.name}: first paint of ${Object.keys(pages).join(', ')}`);
  }
}

async function rspackBuild(app: FrontendApp, log: (line: string) => void, outDir?: string): Promise<void> {
  const { code, output } = await runToEnd(
    process.execPath,
    [RSPACK_CLI, 'build', '--config', 'rspack.config.ts', '--mode', 'production'],
    {
      cwd: path.join(ROOT, app.dir),
      env: { ...childEnv(), ...(outDir ? { CATALYST_OUT_DIR: outDir } : {}) },
    },
  );
  if (code !== 0) throw new Error(`rspack build of ${app.name} failed (exit ${code}):\n${output}`);
  const lines = output
    .split('\n')
    .filter(
      (line) =>
        line.trim() !== '' && !/compiled successfully|absolute path resolution via its host/.test(line),
    );
  for (const line of lines) log(`  ${app.name}: ${line}`);
}

export interface BuildOptions {
  /** Rebuild even when the stamp matches. */
  force?: boolean;
  /** Build just this app (by federation name or folder). */
  only?: string;
  log?: (line: string) => void;
}

export interface BuildReport {
  built: string[];
  skipped: string[];
  ms: number;
}

/**
 * The names a remote takes from the shared web-kit that the shell built in `shellDist` does not export. The
 * shell's web-kit is the copy on the page, so the remote would fail as it loads ("This section couldn't be
 * loaded"). Nothing for the shell itself, or a shell built before its build recorded its exports.
 */
export function missingInBuiltShell(app: FrontendApp, shellDist = path.join(ROOT, 'shell/dist')): string[] {
  const name = federationName(app.name);
  const record = path.join(shellDist, SHELL_SHARED_FILE);
  if (name === 'shell' || !existsSync(record)) return [];
  return missingWebKitNames(webKitImportsOf(name), JSON.parse(readFileSync(record, 'utf8')) as ShellShared);
}

/** Builds one app into its dist/, then stamps it with the hash of what it was built from. */
async function buildApp(app: FrontendApp, hash: string, log: (line: string) => void): Promise<void> {
  const t0 = Date.now();
  log(`building ${app.name} (${app.dir})…`);
  await compile(app, log);
  // The shell records what its web-kit exports (as a shell release does): a remote built alone is checked against it.
  if (app.name === 'shell')
    await writeReleaseContract({ remote: 'shell', distDir: path.join(ROOT, app.dir, 'dist') });
  writeFileSync(path.join(ROOT, app.dir, 'dist', STAMP), `${hash}\n`);
  log(`built ${app.name} in ${((Date.now() - t0) / 1000).toFixed(1)}s`);
}

const BUILD_CONCURRENCY = 2;

/** Builds the stale front-ends, two at a time. Throws on a failed build. */
export async function buildFrontends({
  force = false,
  only,
  log = console.log,
}: BuildOptions = {}): Promise<BuildReport> {
  const started = Date.now();
  const apps = only ? FRONTEND_APPS.filter((app) => app.name === only || app.dir === only) : FRONTEND_APPS;
  if (apps.length === 0)
    throw new Error(`Unknown front-end "${only}". Known: ${FRONTEND_APPS.map((a) => a.name).join(', ')}`);
  const report: BuildReport = { built: [], skipped: [], ms: 0 };
  const stale: Array<{ app: FrontendApp; hash: string }> = [];
  for (const app of apps) {
    const hash = sourceHash(app);
    if (!force && isUpToDate(app, hash)) report.skipped.push(app.name);
    else stale.push({ app, hash });
  }
  // Two builds at a time: each leaves a core idle in its single-threaded phases (start-up, federation
  // manifest, first paint), which the other fills.
  const queue = [...stale];
  const builder = async () => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      await buildApp(next.app, next.hash, log);
      report.built.push(next.app.name);
    }
  };
  await Promise.all(Array.from({ length: Math.min(BUILD_CONCURRENCY, stale.length) }, builder));
  report.built.sort((a, b) => apps.findIndex((x) => x.name === a) - apps.findIndex((x) => x.name === b));
  // A remote built alone (--only) may use a web-kit name newer than the built shell's copy: the shell is
  // built too then, and a name that even a fresh shell lacks fails the build.
  const shell = FRONTEND_APPS.find((app) => app.name === 'shell')!;
  // each built remote's web-kit names the built shell lacks, read once per check (the remote's sources are compiled for it)
  const lacking = () =>
    report.built.flatMap((name) => {
      const missing = missingInBuiltShell(FRONTEND_APPS.find((app) => app.name === name)!);
      return missing.length > 0 ? [`${name} uses ${missing.join(', ')}`] : [];
    });
  const waiting = lacking();
  if (waiting.length > 0 && !report.built.includes('shell')) {
    log(`${waiting.join('; ')} from web-kit, which the built shell lacks: building the shell too`);
    await buildApp(shell, sourceHash(shell), log);
    report.built.unshift('shell');
    report.skipped = report.skipped.filter((name) => name !== 'shell');
  }
  const unmet = waiting.length > 0 ? lacking() : [];
  if (unmet.length > 0)
    throw new Error(
      unmet.map((line) => `${line} from @catalyst/web-kit, which web-kit does not export`).join('\n'),
    );
  // The service worker's precache names this deploy's files: written again after any build (or when missing).
  if (
    existsSync(path.join(ROOT, 'shell/dist/index.html')) &&
    (report.built.length > 0 || !existsSync(path.join(ROOT, 'shell/dist/sw.js')))
  ) {
    const worker = await buildServiceWorker(ROOT);
    log(`service worker: ${worker.precached} files precached`);
  }
  // Each build's compressible files, compressed once for the gateway to send as they are (up-to-date copies are kept).
  for (const app of FRONTEND_APPS) {
    const { written, bytes, brotliBytes } = await precompressBuild(path.join(ROOT, app.dir, 'dist'));
    if (written > 0)
      log(
        `  ${app.name}: ${written} files compressed (${(bytes / 1024).toFixed(0)} KiB → ${(brotliBytes / 1024).toFixed(0)} KiB brotli)`,
      );
  }
  report.ms = Date.now() - started;
  if (report.skipped.length > 0) log(`up to date: ${report.skipped.join(', ')}`);
  log(`front-ends ready in ${(report.ms / 1000).toFixed(1)}s`);
  return report;
}

function parseArgs(argv: string[]): BuildOptions {
  const options: BuildOptions = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--force') options.force = true;
    else if (arg === '--only') options.only = argv[++i];
    else if (arg?.startsWith('--only=')) options.only = arg.slice('--only='.length);
    else throw new Error(`Unknown argument ${arg}. Usage: build-frontends [--force] [--only <name>]`);
  }
  return options;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildFrontends(parseArgs(process.argv.slice(2))).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
