import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { copiedFile } from '../precompressed';
import type { SharedDependency } from './schema';

/** The parts of a build's mf-manifest.json a release records. */
interface FederationManifest {
  shared?: Array<{ name?: string; version?: string; requiredVersion?: string | false; singleton?: boolean }>;
  exposes?: Array<{ path?: string; name?: string }>;
}

/** What a build shares and exposes, from its mf-manifest.json (the shell, a pure host, has none: empty lists). */
export async function readBuildFacts(
  distDir: string,
): Promise<{ shared: SharedDependency[]; exposes: string[] }> {
  let manifest: FederationManifest;
  try {
    manifest = JSON.parse(
      await readFile(path.join(distDir, 'mf-manifest.json'), 'utf8'),
    ) as FederationManifest;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      return { shared: await providedByShell(distDir), exposes: [] };
    throw error;
  }
  return {
    shared: (manifest.shared ?? [])
      .filter((entry) => entry.name)
      .map((entry) => ({
        name: entry.name!,
        version: entry.version ?? null,
        requiredVersion: entry.requiredVersion || null,
        singleton: entry.singleton ?? false,
      }))
      .sort((a, b) => a.name.localeCompare(b.name)),
    exposes: (manifest.exposes ?? []).map((entry) => entry.path ?? `./${entry.name}`).sort(),
  };
}

/**
 * What a shell build provides to the remotes (catalyst-shared.json, written by the release's contract step:
 * name → { version, requiredVersion }); the shell is a pure host with no mf-manifest.json.
 */
async function providedByShell(distDir: string): Promise<SharedDependency[]> {
  try {
    const provided = JSON.parse(await readFile(path.join(distDir, 'catalyst-shared.json'), 'utf8')) as Record<
      string,
      { version?: string; requiredVersion?: string }
    >;
    return Object.entries(provided)
      .map(([name, entry]) => ({
        name,
        version: entry.version ?? null,
        requiredVersion: entry.requiredVersion ?? null,
        singleton: true,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
  } catch {
    return [];
  }
}

/** Files of a build that are not part of what it serves (the build stamp of scripts/build-frontends.ts). */
const NOT_SERVED = new Set(['.build-stamp']);

/** Every served file under a folder, relative and sorted. */
async function servedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !NOT_SERVED.has(entry.name))
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .sort();
}

/**
 * The content hash of a build: its files' names and bytes (the same files always give the same hash). The
 * compressed copies beside a file (`main.js.br`, made from it) are left out: a build with or without them is
 * the same release.
 */
export async function contentHash(dir: string): Promise<string> {
  const hash = createHash('sha256');
  const files = await servedFiles(dir);
  const names = new Set(files);
  for (const file of files.filter((name) => !copiedFile(name, names))) {
    hash.update(file).update('\0');
    hash.update(await readFile(path.join(dir, file))).update('\0');
  }
  return hash.digest('hex');
}

/** A label as a version prefix: lower case letters, digits, dots and dashes. */
function labelSlug(label: string): string {
  const slug = label
    .toLowerCase()
    .replace(/[^a-z0-9.]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 40)
    .replace(/[-.]+$/, '');
  return slug || 'release';
}

/** The version of a build: its label and the start of its content hash, e.g. `v0.1.0-3f9a1c07e2`. */
export const versionOf = (label: string, hash: string) => `${labelSlug(label)}-${hash.slice(0, 10)}`;
