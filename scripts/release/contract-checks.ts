// Contract checks before a remote is released: a release is refused when its shared singletons do not
// match the shell's, when a module the shell or another remote loads from it is missing from its
// manifest, when the pages it publishes (routes.json, which the shell mounts at run time) are malformed,
// claim a path its remote does not own or another remote's current release claims, when it uses a name of the shared web-kit that the shell's copy does not export (it would
// fail as it loads: the shell's copy is the one on the page), or when an exposed component no longer
// takes what its consumers pass. Each problem says
// exactly what broke (the package and both versions, the consumer and the module, file:line and the
// compiler's message).
//
// What consumers load is written once, in the tables their own code reads: each release's routes.json
// (the shell's pages, built from the remote's src/shell-routes.ts), shell/src/federation/widgets.ts (the shell's widgets) and
// mfe-{player,catalog}/src/community/communityModules.ts (community parts in their pages). What a remote exposes
// is its src/exposes.ts (its rspack.config.ts builds those).
//
// Types: the exposed modules' declarations are emitted with tsc (native; `noCheck`, since the typecheck
// proves the sources, so an emit takes about 2 s instead of 20) and each consumer's props are type-checked
// against them, incrementally (a check reuses what the last one like it learned of the unchanged files). @module-federation/dts-plugin does the same by
// zipping the declarations and downloading them into the consumer, but it drives the TypeScript JS API,
// which tsc 7 does not have (it would need typescript@5 beside it) - and the check must work offline.
//
// CLI: npx tsx scripts/release/contract-checks.ts <remote> [distDir] [--if-dist]
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, readdir, rename, rm, symlink, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { buildSync, transformSync } from 'esbuild';
import semver from 'semver';
import {
  routeManifestProblems,
  ROUTES_FILE,
  type PublishedPage,
} from '../../packages/contracts/src/route-manifest';
import { REMOTE_NAMES, type RemoteName } from '../../packages/web-kit/src/remote-ids';

export const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const run = promisify(execFile);

/** The singletons the shell provides and every remote consumes (packages/build-kit/src/rspack-app.ts, shell/src/federation/runtime.ts). */
export const SINGLETONS = ['react', 'react-dom', 'react-router-dom', '@catalyst/web-kit'] as const;

export interface ContractCheckResult {
  ok: boolean;
  problems: string[];
}

export interface SharedVersion {
  /** web-kit's only: the names its entry exports at run time (a shell release from before they were recorded has none). */
  exports?: string[];
  /** The version provided. */
  version: string;
  /** The range accepted of what is provided by others. */
  requiredVersion: string;
}

/** What the shell provides to remotes, per singleton. */
export type ShellShared = Record<string, SharedVersion>;

/** The parts of Module Federation's mf-manifest.json the checks read. */
export interface ReleaseManifest {
  name: string;
  shared: Array<{
    name: string;
    version: string;
    singleton?: boolean;
    requiredVersion?: string | false | null;
  }>;
  exposes: Array<{ name: string; path: string }>;
}

/** One module a consumer loads from a remote, as its own table declares it. */
export interface FederatedImport {
  /** The consuming app's workspace folder ('shell', 'mfe-player'). */
  consumer: string;
  remote: RemoteName;
  /** The exposed name ('./Discussion'). */
  module: string;
  /** The table that declares the import, relative to the repository. */
  declaredIn: string;
  /** The props the consumer passes: a TypeScript type, and the import it needs (absolute path, name). */
  props: { type: string; importFrom?: { file: string; name: string } };
}

/** 'mfe-catalog' or 'catalog' -> 'catalog' (a remote), or 'shell'. */
export function federationName(remote: string): RemoteName | 'shell' {
  const name = remote.replace(/^@catalyst\//, '').replace(/^mfe-/, '');
  if (name === 'shell' || (REMOTE_NAMES as readonly string[]).includes(name))
    return name as RemoteName | 'shell';
  throw new Error(
    `Unknown remote "${remote}": one of shell, ${REMOTE_NAMES.map((n) => `mfe-${n}`).join(', ')}`,
  );
}

export const workspaceOf = (name: RemoteName) => `mfe-${name}`;
/** A path relative to the repository when inside it, else absolute. */
const rel = (file: string) => {
  const relative = path.relative(ROOT, path.resolve(file));
  return relative.startsWith('..') ? path.resolve(file) : relative.split(path.sep).join('/');
};

// ---------------------------------------------------------------------------------------------------
// Shared singletons

/** The shell's side as it builds now: the installed versions it bundles and the ranges in shell/package.json. */
export function currentShellShared(): ShellShared {
  const shellPackage = JSON.parse(readFileSync(path.join(ROOT, 'shell/package.json'), 'utf8')) as {
    dependencies: Record<string, string>;
  };
  const shared: ShellShared = {};
  for (const name of SINGLETONS) {
    // The copy the shell's build resolves (its own node_modules first; some packages do not export package.json).
    const installed = [
      path.join(ROOT, 'shell/node_modules', name),
      path.join(ROOT, 'node_modules', name),
    ].find((dir) => existsSync(path.join(dir, 'package.json')));
    if (!installed) throw new Error(`${name} is not installed: run npm install`);
    const { version } = JSON.parse(readFileSync(path.join(installed, 'package.json'), 'utf8')) as {
      version: string;
    };
    const range = shellPackage.dependencies[name];
    // A workspace package ('*') must match the shell's own minor (0.x) or major: its stores are shared.
    shared[name] = { version, requiredVersion: !range || range === '*' ? `^${version}` : range };
  }
  shared[WEB_KIT] = { ...shared[WEB_KIT]!, exports: webKitExports() };
  return shared;
}

/** The shell's singletons, written into each shell release (the shell is a pure runtime host: no mf-manifest.json). */
export const SHELL_SHARED_FILE = 'catalyst-shared.json';

/** The shell's side as a shell release recorded it, else as the shell builds now. */
export async function shellSharedOf(shellDir?: string): Promise<ShellShared> {
  const file = shellDir ? path.join(path.resolve(shellDir), SHELL_SHARED_FILE) : null;
  if (file && existsSync(file)) return JSON.parse(await readFile(file, 'utf8')) as ShellShared;
  return currentShellShared();
}

/**
 * Refuses a release whose singleton the shell would not accept (its version outside the shell's range) or
 * which would not accept the shell's (its requiredVersion not satisfied by what the shell provides: the
 * runtime would then load the remote's own copy, a second React or web-kit on the page).
 */
export function checkShared(manifest: ReleaseManifest, shell: ShellShared): string[] {
  const problems: string[] = [];
  for (const name of SINGLETONS) {
    const ours = manifest.shared.find((entry) => entry.name === name);
    const theirs = shell[name];
    if (!theirs) continue;
    const shellSays = `the shell provides ${theirs.version} and requires ${theirs.requiredVersion}`;
    if (!ours) {
      problems.push(
        `shared ${name}: the release does not share it (${shellSays}); it would bundle a second copy`,
      );
      continue;
    }
    if (ours.singleton === false)
      problems.push(`shared ${name}: the release does not share it as a singleton (${shellSays})`);
    const required = ours.requiredVersion;
    if (
      typeof required === 'string' &&
      required !== '' &&
      !semver.satisfies(theirs.version, required, { includePrerelease: true })
    ) {
      problems.push(
        `shared ${name}: the release requires ${required}, but ${shellSays} (release provides ${ours.version})`,
      );
    }
    if (!semver.valid(ours.version)) {
      problems.push(`shared ${name}: the release provides "${ours.version}", not a version (${shellSays})`);
    } else if (!semver.satisfies(ours.version, theirs.requiredVersion, { includePrerelease: true })) {
      problems.push(
        `shared ${name}: the release provides ${ours.version} (requires ${required || 'any version'}), outside the shell's range: ${shellSays}`,
      );
    }
  }
  return problems;
}

// ---------------------------------------------------------------------------------------------------
// The names a remote takes from the shared web-kit

const WEB_KIT = '@catalyst/web-kit';
/** What a remote's release takes from the shared web-kit, recorded in it (names, sorted). */
export const WEB_KIT_IMPORTS_FILE = 'catalyst-web-kit-imports.json';

/** The names web-kit's entry exports at run time, sorted (types are not there: they are gone once built). */
export function webKitExports(): string[] {
  const { metafile } = buildSync({
    entryPoints: [path.join(ROOT, 'packages/web-kit/src/index.ts')],
    bundle: true,
    write: false,
    metafile: true,
    format: 'esm',
    jsx: 'automatic',
    packages: 'external',
    // Only the exports are wanted: what styles and assets hold does not matter.
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty', '.woff2': 'empty' },
    outdir: os.tmpdir(),
    logLevel: 'silent',
  });
  const entry = Object.values(metafile.outputs).find((output) => output.entryPoint);
  if (!entry) throw new Error("web-kit's entry built to nothing");
  return [...entry.exports].sort();
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(file);
    // Tests and their helpers are never built into a release.
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$|^testing\.tsx?$|\.d\.ts$/.test(entry.name)
      ? [file]
      : [];
  });
}

/**
 * The names a remote's code takes from the shared web-kit at run time, sorted: each source file compiled as
 * the build compiles it (esbuild drops type-only imports and names used only as types), then its imports
 * and re-exports from '@catalyst/web-kit' read off the output.
 */
export function webKitImportsOf(name: RemoteName): string[] {
  const names = new Set<string>();
  for (const file of sourceFiles(path.join(ROOT, workspaceOf(name), 'src'))) {
    const source = readFileSync(file, 'utf8');
    if (!source.includes(WEB_KIT)) continue;
    const { code } = transformSync(source, {
      loader: file.endsWith('.tsx') ? 'tsx' : 'ts',
      jsx: 'automatic',
    });
    for (const [, list] of code.matchAll(
      /\b(?:import|export)\s*\{([^}]*)\}\s*from\s*"@catalyst\/web-kit"/g,
    )) {
      for (const specifier of list!.split(',')) {
        const imported = specifier.trim().split(/\s+as\s+/)[0];
        if (imported) names.add(imported);
      }
    }
  }
  return [...names].sort();
}

/** What a remote's release takes from web-kit: as the release recorded it, else as its sources are now. */
async function webKitImportsOfRelease(name: RemoteName, distDir: string): Promise<string[]> {
  const file = path.join(distDir, WEB_KIT_IMPORTS_FILE);
  return existsSync(file) ? (JSON.parse(await readFile(file, 'utf8')) as string[]) : webKitImportsOf(name);
}

/** The names of `imports` the shell's web-kit does not export (none when the shell recorded no exports). */
export function missingWebKitNames(imports: readonly string[], shell: ShellShared): string[] {
  const exported = shell[WEB_KIT]?.exports;
  if (!exported) return [];
  const provided = new Set(exported);
  return imports.filter((name) => !provided.has(name));
}

/**
 * Refuses a remote that uses a name the shell's web-kit does not export: the shell's copy is the one on the
 * page, so the remote would fail as it loads ("This section couldn't be loaded"). `remote` names a current
 * remote release when a shell release is checked. Nothing is said against a shell release that did not
 * record its exports.
 */
export function checkWebKitImports(
  imports: readonly string[],
  shell: ShellShared,
  remote?: string,
): string[] {
  const kit = shell[WEB_KIT];
  const missing = missingWebKitNames(imports, shell).join(', ');
  if (!kit || !missing) return [];
  return [
    remote
      ? `shared ${WEB_KIT}: ${remote} uses ${missing}, which this shell's web-kit (${kit.version}) does not export: the shell must keep what the current remotes use`
      : `shared ${WEB_KIT}: the release uses ${missing}, which the shell's web-kit (${kit.version}) does not export: release the shell first`,
  ];
}

// ---------------------------------------------------------------------------------------------------
// What consumers load

/** `file:line` of the first line holding `needle` (the entry a table declares), or the file alone. */
function where(file: string, needle: string): string {
  const line = readFileSync(file, 'utf8')
    .split('\n')
    .findIndex((text) => text.includes(needle));
  return line < 0 ? rel(file) : `${rel(file)}:${line + 1}`;
}

const importTs = async <T>(file: string): Promise<T> => (await import(pathToFileURL(file).href)) as T;

/** Every module the shell and the remotes load from a remote, from the consumers' own tables. */
export async function federatedImports(): Promise<FederatedImport[]> {
  const imports: FederatedImport[] = [];
  // The shell's pages are each release's own (routes.json): see pageImports.
  const widgetsFile = path.join(ROOT, 'shell/src/federation/widgets.ts');
  const { SHELL_WIDGETS } = await importTs<{
    SHELL_WIDGETS: Record<string, { remote: RemoteName; module: string }>;
  }>(widgetsFile);
  for (const [key, widget] of Object.entries(SHELL_WIDGETS)) {
    imports.push({
      consumer: 'shell',
      ...widget,
      declaredIn: `${where(widgetsFile, `${key}: {`)} (${key})`,
      props: {
        type: `ShellWidgetProps['${key}']`,
        importFrom: { file: widgetsFile, name: 'ShellWidgetProps' },
      },
    });
  }
  // The remotes that load community modules (remote to remote), each from its own table and props type.
  const communityConsumers = [
    { consumer: 'mfe-player', props: 'CommunityModules' },
    { consumer: 'mfe-catalog', props: 'CatalogCommunityModules' },
  ] as const;
  for (const { consumer, props } of communityConsumers) {
    const communityFile = path.join(ROOT, consumer, 'src/community/communityModules.ts');
    const community = await importTs<{
      COMMUNITY_REMOTE: RemoteName;
      COMMUNITY_MODULES: Record<string, string>;
    }>(communityFile);
    for (const [key, module] of Object.entries(community.COMMUNITY_MODULES)) {
      imports.push({
        consumer,
        remote: community.COMMUNITY_REMOTE,
        module,
        declaredIn: `${where(communityFile, `${key}: `)} (${key})`,
        props: { type: `${props}['${key}']`, importFrom: { file: communityFile, name: props } },
      });
    }
  }
  return imports;
}

/** A release's published pages (its routes.json), or why they cannot be served. */
export async function readRoutes(
  name: RemoteName,
  distDir: string,
): Promise<{ pages: PublishedPage[]; problems: [] } | { pages: null; problems: string[] }> {
  const file = path.join(path.resolve(distDir), ROUTES_FILE);
  if (!existsSync(file))
    return {
      pages: null,
      problems: [
        `no ${ROUTES_FILE} in ${rel(distDir)}: build the remote with @catalyst/build-kit (defineFrontend's routes publishes its pages)`,
      ],
    };
  let data: unknown;
  try {
    data = JSON.parse(await readFile(file, 'utf8'));
  } catch (error) {
    return { pages: null, problems: [`${rel(file)} is not JSON: ${(error as Error).message}`] };
  }
  const problems = routeManifestProblems(name, data);
  return problems.length
    ? { pages: null, problems: problems.map((problem) => `pages: ${problem}`) }
    : { pages: (data as { pages: PublishedPage[] }).pages, problems: [] };
}

/** What the shell loads of a release for the pages it publishes: each page's module, given no props. */
export function pageImports(
  name: RemoteName,
  pages: readonly PublishedPage[],
  distDir: string,
): FederatedImport[] {
  return pages.map((page) => ({
    consumer: 'shell',
    remote: name,
    module: page.module,
    declaredIn: `${rel(path.join(distDir, ROUTES_FILE))} (page ${page.path})`,
    props: { type: 'Record<never, never>' },
  }));
}

/** Refuses pages another remote's current release already publishes at the same path. */
export function checkPageClashes(
  name: RemoteName,
  pages: readonly PublishedPage[],
  others: Partial<Record<RemoteName, readonly PublishedPage[]>>,
): string[] {
  return pages.flatMap((page) =>
    Object.entries(others)
      .filter(([other, theirs]) => other !== name && theirs?.some((each) => each.path === page.path))
      .map(([other]) => `pages: ${name} claims ${page.path}, which ${other}'s current release publishes`),
  );
}

/** Refuses a release whose manifest lacks a module a consumer loads from it. */
export function checkExposes(
  manifest: ReleaseManifest,
  remote: RemoteName,
  imports: readonly FederatedImport[],
  release = 'the release',
): string[] {
  const exposed = new Set(manifest.exposes.map((entry) => entry.path));
  return imports
    .filter((entry) => entry.remote === remote && !exposed.has(entry.module))
    .map(
      (entry) =>
        `exposed module ${remote} '${entry.module}' is loaded by ${entry.consumer} (${entry.declaredIn}) but missing from ${release}, which exposes ${[...exposed].map((m) => `'${m}'`).join(', ') || 'nothing'}`,
    );
}

// ---------------------------------------------------------------------------------------------------
// Types

/** The declarations of a release's exposed modules: <distDir>/@mf-types/exposes.json names each module's .d.ts. */
export const TYPES_DIR = '@mf-types';
type ExposedTypes = Record<string, string>;

// The native tsc 7 (npm alias tsc-native); the package named typescript is 5.x, for tools that need its API.
const TSC = path.join(ROOT, 'node_modules/tsc-native/bin/tsc');
/** Ambient declarations the front-ends compile with (CSS modules, images, the light hls.js build). */
const ambientTypes = async () =>
  (await readdir(path.join(ROOT, 'types')))
    .filter((f) => f.endsWith('.d.ts'))
    .map((f) => path.join(ROOT, 'types', f));

interface Diagnostic {
  file: string;
  line: number;
  column: number;
  code: string;
  message: string;
}

// tsc's incremental state of the type checks, one file per kind of check: tsc keeps each unchanged file's
// diagnostics there, so a check re-checks only the files that changed (a shell release's check, 12 s → 1.5 s).
// A kind's first check starts from the newest state of any kind: most of what each checks is shared (web-kit,
// the contracts, React's types), and tsc re-checks what differs (a cold remote's check, 11 s → 1.4 s).
const BUILD_INFO_DIR = path.join(ROOT, 'node_modules/.cache/catalyst-contract-checks');

/** The build-info a check of this kind starts from: its own, else the newest of any kind; null on a first run. */
function startingBuildInfo(kept: string): string | null {
  if (existsSync(kept)) return kept;
  if (!existsSync(BUILD_INFO_DIR)) return null;
  const kinds = readdirSync(BUILD_INFO_DIR)
    .filter((name) => name.endsWith('.tsbuildinfo'))
    .map((name) => path.join(BUILD_INFO_DIR, name))
    // a file renamed away by a run at once: not a start
    .map((file) => ({ file, changed: statSync(file, { throwIfNoEntry: false })?.mtimeMs ?? 0 }));
  return kinds.sort((a, b) => b.changed - a.changed)[0]?.file ?? null;
}

/**
 * Runs tsc 7 on a tsconfig; returns its diagnostics (file:line, code, message with its detail lines). With
 * `incremental`, starts from the state the last run of that name left, and keeps the new one (written beside
 * the project, then renamed into place, so runs at once never read half a file).
 */
async function tsc(
  project: string,
  incremental?: string,
): Promise<{ diagnostics: Diagnostic[]; other: string[] }> {
  const args = ['-p', project, '--pretty', 'false'];
  const kept = incremental && path.join(BUILD_INFO_DIR, `${incremental}.tsbuildinfo`);
  const own = incremental && path.join(path.dirname(project), `${incremental}.tsbuildinfo`);
  if (kept && own) {
    args.push('--incremental', '--tsBuildInfoFile', own);
    const start = startingBuildInfo(kept);
    if (start) await cp(start, own);
  }
  const output = await run(TSC, args, { cwd: path.dirname(project), maxBuffer: 64 * 1024 * 1024 }).then(
    ({ stdout }) => stdout,
    (error: { stdout?: string; stderr?: string; message: string }) =>
      `${error.stdout ?? ''}${error.stderr ?? ''}` || error.message,
  );
  if (kept && own && existsSync(own)) {
    await mkdir(BUILD_INFO_DIR, { recursive: true });
    const next = `${kept}.${process.pid}.${Date.now()}`;
    await cp(own, next);
    await rename(next, kept);
  }
  const diagnostics: Diagnostic[] = [];
  const other: string[] = [];
  for (const line of output.split('\n')) {
    const match = /^(.+?)\((\d+),(\d+)\): error (TS\d+): (.*)$/.exec(line);
    if (match)
      diagnostics.push({
        file: path.resolve(path.dirname(project), match[1]!),
        line: Number(match[2]),
        column: Number(match[3]),
        code: match[4]!,
        message: match[5]!,
      });
    else if (/^\s/.test(line) && diagnostics.length > 0) diagnostics.at(-1)!.message += ` ${line.trim()}`;
    else if (line.trim() !== '') other.push(line.trim());
  }
  return { diagnostics, other };
}

/** A scratch folder that resolves packages as the repository does (node_modules linked in). */
async function scratch(): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'catalyst-contract-'));
  await symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  return dir;
}

const baseOptions = { types: ['node'], skipLibCheck: true };

/** A remote's exposed modules' source files (its src/exposes.ts), absolute. */
async function exposedSources(name: RemoteName): Promise<Record<string, string>> {
  const dir = path.join(ROOT, workspaceOf(name));
  const { exposes } = await importTs<{ exposes: Record<string, string> }>(path.join(dir, 'src/exposes.ts'));
  return Object.fromEntries(
    Object.entries(exposes).map(([module, source]) => [module, path.resolve(dir, source)]),
  );
}

/**
 * Emits the declarations of a remote's exposed modules (its src/exposes.ts) into `outDir`, with
 * exposes.json naming each module's .d.ts. Returns the compiler's errors as problems.
 */
async function emitTypes(name: RemoteName, outDir: string, work: string): Promise<string[]> {
  const sources = await exposedSources(name);
  const project = path.join(work, `emit-${name}.tsconfig.json`);
  await writeFile(
    project,
    JSON.stringify({
      extends: path.join(ROOT, 'tsconfig.base.json'),
      compilerOptions: {
        ...baseOptions,
        noEmit: false,
        declaration: true,
        emitDeclarationOnly: true,
        noCheck: true,
        rootDir: ROOT,
        outDir,
      },
      files: [...Object.values(sources), ...(await ambientTypes())],
    }),
  );
  const { diagnostics, other } = await tsc(project);
  const table: ExposedTypes = Object.fromEntries(
    Object.entries(sources).map(([module, source]) => [module, rel(source).replace(/\.tsx?$/, '.d.ts')]),
  );
  await mkdir(outDir, { recursive: true });
  await writeFile(path.join(outDir, 'exposes.json'), `${JSON.stringify(table, null, 2)}\n`);
  return [
    ...diagnostics.map(
      (d) =>
        `types: ${rel(d.file)}:${d.line}:${d.column}: ${d.code}: ${d.message} (while emitting ${workspaceOf(name)}'s exposed declarations)`,
    ),
    ...other.map((line) => `types: tsc: ${line}`),
  ];
}

/**
 * Writes into a release just built from the working tree what later checks need of it: a remote's
 * exposed declarations (<distDir>/@mf-types/) and the names it takes from web-kit
 * (<distDir>/catalyst-web-kit-imports.json), the shell's singletons (<distDir>/catalyst-shared.json).
 * Call it before the release's content is hashed. Returns the compiler's errors as problems.
 */
export async function writeReleaseContract({
  remote,
  distDir,
}: {
  remote: string;
  distDir: string;
}): Promise<string[]> {
  const name = federationName(remote);
  if (name !== 'shell') {
    await writeFile(
      path.join(path.resolve(distDir), WEB_KIT_IMPORTS_FILE),
      `${JSON.stringify(webKitImportsOf(name))}\n`,
    );
    return writeReleaseTypes({ remote, distDir });
  }
  await writeFile(
    path.join(path.resolve(distDir), SHELL_SHARED_FILE),
    `${JSON.stringify(currentShellShared(), null, 2)}\n`,
  );
  return [];
}

/**
 * Writes <distDir>/@mf-types/ for a release just built from the working tree: its exposed modules'
 * declarations, kept with the release (checks of this release later use them, not newer sources).
 */
export async function writeReleaseTypes({
  remote,
  distDir,
}: {
  remote: string;
  distDir: string;
}): Promise<string[]> {
  const name = federationName(remote);
  if (name === 'shell') return [];
  const work = await scratch();
  try {
    return await emitTypes(name, path.join(path.resolve(distDir), TYPES_DIR), work);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

/** A remote and the modules consumers load from it, checked against its release in `distDir`. */
export interface TypedProvider {
  remote: RemoteName;
  distDir: string;
  imports: readonly FederatedImport[];
}

/**
 * Type-checks what each consumer passes against the releases it loads from: each exposed module's default
 * export must be a component taking the consumer's props. A release's declarations (<distDir>/@mf-types)
 * are used when it has them, else the remote's sources (the same types right after a build from the
 * working tree). One tsc run for all.
 */
export async function checkTypes(providers: readonly TypedProvider[]): Promise<string[]> {
  const wanted = providers.filter((provider) => provider.imports.length > 0);
  if (wanted.length === 0) return [];
  const work = await scratch();
  try {
    const typesRoot = path.join(work, 'types');
    const header = [`import type { ComponentType } from 'react';`];
    const body: string[] = [];
    const imported = new Set<string>();
    // One line per consumed module, so a diagnostic's line says which consumer and module broke.
    const checked: Array<{
      remote: RemoteName;
      entry: FederatedImport;
      file: string;
      importLine: number;
      checkLine: number;
    }> = [];
    for (const { remote, distDir, imports } of wanted) {
      const released = path.join(path.resolve(distDir), TYPES_DIR);
      const typesDir = path.join(typesRoot, remote);
      let modules: Record<string, string>;
      if (existsSync(path.join(released, 'exposes.json'))) {
        await cp(released, typesDir, { recursive: true });
        const table = JSON.parse(await readFile(path.join(typesDir, 'exposes.json'), 'utf8')) as ExposedTypes;
        modules = Object.fromEntries(
          Object.entries(table).map(([module, declaration]) => [module, path.join(typesDir, declaration)]),
        );
      } else {
        modules = await exposedSources(remote);
      }
      for (const entry of imports) {
        const file = modules[entry.module];
        if (!file) continue; // not exposed: checkExposes reports it
        const from = entry.props.importFrom;
        if (from && !imported.has(from.file)) {
          imported.add(from.file);
          header.push(
            `import type { ${from.name} } from ${JSON.stringify(from.file.replace(/\.tsx?$/, ''))};`,
          );
        }
        const index = checked.length;
        header.push(
          `import type * as Exposed${index} from ${JSON.stringify(file.replace(/(\.d)?\.tsx?$/, ''))};`,
        );
        body.push(
          `export const consumer${index}: ComponentType<${entry.props.type}> = null as unknown as (typeof Exposed${index})['default'];`,
        );
        checked.push({ remote, entry, file, importLine: header.length, checkLine: body.length });
      }
    }
    const contract = path.join(work, 'contract.ts');
    await writeFile(contract, `${[...header, ...body].join('\n')}\n`);
    const project = path.join(work, 'contract.tsconfig.json');
    await writeFile(
      project,
      JSON.stringify({
        extends: path.join(ROOT, 'tsconfig.base.json'),
        compilerOptions: baseOptions,
        files: [contract, ...(await ambientTypes())],
      }),
    );
    const { diagnostics, other } = await tsc(
      project,
      `check-${wanted.map(({ remote }) => remote).join('-')}`,
    );

    // Paths as the reader knows them: a release's declarations, the repository's files.
    const shown = (file: string) => {
      if (!file.startsWith(`${typesRoot}/`)) return rel(file);
      const [remote, ...rest] = path.relative(typesRoot, file).split(path.sep);
      return `${remote} release declarations ${rest.join('/')}`;
    };
    // The line of the module's default export (the component the consumer renders).
    const defaultLine = (file: string) => {
      const line = existsSync(file)
        ? readFileSync(file, 'utf8')
            .split('\n')
            .findIndex((text) => text.includes('export default'))
        : -1;
      return line < 0 ? '' : `:${line + 1}`;
    };
    const problems: string[] = [];
    for (const d of diagnostics) {
      const message = d.message.replace(new RegExp(`${typesRoot}/[^/]+/`, 'g'), '').replaceAll(ROOT, '');
      const found =
        d.file === contract
          ? checked.find((c) => c.importLine === d.line || c.checkLine + header.length === d.line)
          : undefined;
      if (found) {
        const { remote, entry, file } = found;
        problems.push(
          `types: ${remote} '${entry.module}' (${shown(file)}${defaultLine(file)}) does not take what ${entry.consumer} passes (${entry.declaredIn}): ${d.code}: ${message}`,
        );
      } else {
        problems.push(
          `types: ${d.file === contract ? 'contract' : shown(d.file)}:${d.line}:${d.column}: ${d.code}: ${message}`,
        );
      }
    }
    problems.push(...other.map((line) => `types: tsc: ${line}`));
    return problems;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------------
// The release check

export async function readManifest(distDir: string): Promise<ReleaseManifest | string> {
  const file = path.join(path.resolve(distDir), 'mf-manifest.json');
  if (!existsSync(file)) return `no mf-manifest.json in ${distDir} (build the remote first)`;
  try {
    const manifest = JSON.parse(await readFile(file, 'utf8')) as Partial<ReleaseManifest>;
    if (
      typeof manifest.name !== 'string' ||
      !Array.isArray(manifest.shared) ||
      !Array.isArray(manifest.exposes)
    )
      return `${file} is not a Module Federation manifest (name, shared, exposes)`;
    return manifest as ReleaseManifest;
  } catch (error) {
    return `${file} is not JSON: ${(error as Error).message}`;
  }
}

export interface CheckReleaseOptions {
  /** 'mfe-catalog' or 'catalog'; 'shell' checks every remote's current dist against the shell. */
  remote: string;
  /** The release's built folder (holds mf-manifest.json). */
  distDir: string;
  /** The shell's current release folder: its catalyst-shared.json says what it provides (default: the shell as it builds now). */
  shellDir?: string;
  /** The shell's shared versions, given directly (tests); wins over shellDir. */
  shell?: ShellShared;
  /** The other remotes' current release folders (what this release loads from them); default <workspace>/dist. */
  remoteDists?: Partial<Record<RemoteName, string>>;
}

/**
 * Every problem that should stop this release; `ok` when there is none. A remote's release is checked as a
 * provider (its singletons against the shell's; what the shell and other remotes load from it, and with
 * which props) and as a consumer (what it loads from other remotes, against their current releases). The
 * shell's release is checked as the consumer of every remote's current release.
 */
export async function checkRelease({
  remote,
  distDir,
  shellDir,
  shell: given,
  remoteDists = {},
}: CheckReleaseOptions): Promise<ContractCheckResult> {
  const name = federationName(remote);
  // A shell release is checked with what it provides itself; a remote's, with the shell now served.
  const shell = given ?? (await shellSharedOf(name === 'shell' ? distDir : shellDir));
  const imports = await federatedImports();
  const problems: string[] = [];
  const providers: TypedProvider[] = [];
  if (name !== 'shell') {
    const manifest = await readManifest(distDir);
    if (typeof manifest === 'string') return { ok: false, problems: [manifest] };
    if (manifest.name !== name)
      problems.push(`the manifest in ${distDir} is remote "${manifest.name}", not "${name}"`);
    problems.push(...checkShared(manifest, shell));
    problems.push(...checkWebKitImports(await webKitImportsOfRelease(name, distDir), shell));
    const routes = await readRoutes(name, distDir);
    problems.push(...routes.problems);
    const pages = routes.pages ? pageImports(name, routes.pages, distDir) : [];
    if (routes.pages) {
      const others: Partial<Record<RemoteName, PublishedPage[]>> = {};
      for (const other of REMOTE_NAMES.filter((each) => each !== name)) {
        const dir = remoteDists[other] ?? path.join(ROOT, workspaceOf(other), 'dist');
        if (existsSync(path.join(dir, ROUTES_FILE)))
          others[other] = (await readRoutes(other, dir)).pages ?? [];
      }
      problems.push(...checkPageClashes(name, routes.pages, others));
    }
    problems.push(...checkExposes(manifest, name, [...pages, ...imports]));
    providers.push({
      remote: name,
      distDir,
      imports: [...pages, ...imports.filter((entry) => entry.remote === name)],
    });
  }
  // What this release loads from the other remotes, against their current releases.
  const consumer = name === 'shell' ? 'shell' : workspaceOf(name);
  const loads = imports.filter((entry) => entry.consumer === consumer && entry.remote !== name);
  for (const other of REMOTE_NAMES.filter((each) => loads.some((entry) => entry.remote === each))) {
    const dir = remoteDists[other] ?? path.join(ROOT, workspaceOf(other), 'dist');
    const theirs = loads.filter((entry) => entry.remote === other);
    const manifest = await readManifest(dir);
    if (typeof manifest !== 'string') {
      const label = `${other}'s current release (${rel(dir)})`;
      problems.push(...checkExposes(manifest, other, theirs, label));
      if (name === 'shell')
        problems.push(...checkShared(manifest, shell).map((problem) => `${label}: ${problem}`));
    } else if (remoteDists[other]) {
      problems.push(`${other}: ${manifest}`);
    }
    providers.push({ remote: other, distDir: dir, imports: theirs });
  }
  // Every remote on the page uses the shell's web-kit, whether the shell loads it or another remote does.
  if (name === 'shell') {
    for (const other of REMOTE_NAMES) {
      const dir = remoteDists[other] ?? path.join(ROOT, workspaceOf(other), 'dist');
      if (!existsSync(path.join(dir, 'mf-manifest.json'))) continue;
      problems.push(
        ...checkWebKitImports(
          await webKitImportsOfRelease(other, dir),
          shell,
          `${other}'s current release (${rel(dir)})`,
        ),
      );
    }
  }
  problems.push(...(await checkTypes(providers)));
  return { ok: problems.length === 0, problems };
}

async function main(args: string[]) {
  const ifDist = args.includes('--if-dist');
  const [remote, dist] = args.filter((arg) => !arg.startsWith('--'));
  if (!remote) {
    console.error('usage: tsx scripts/release/contract-checks.ts <remote> [distDir] [--if-dist]');
    return 2;
  }
  const name = federationName(remote);
  const distDir = path.resolve(
    dist ?? path.join(ROOT, name === 'shell' ? 'shell' : workspaceOf(name), 'dist'),
  );
  if (ifDist && name !== 'shell' && !existsSync(path.join(distDir, 'mf-manifest.json'))) {
    console.log(`contract checks skipped: no build in ${rel(distDir)}`);
    return 0;
  }
  const { ok, problems } = await checkRelease({ remote, distDir });
  if (ok) {
    console.log(`contract checks passed: ${name} (${rel(distDir)})`);
    return 0;
  }
  console.error(`contract checks refused ${name} (${rel(distDir)}):`);
  for (const problem of problems) console.error(`  - ${problem}`);
  return 1;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).then(
    (code) => process.exit(code),
    (error: Error) => {
      console.error(error.message);
      process.exit(2);
    },
  );
}
