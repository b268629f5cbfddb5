import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  createDiskObjectStore,
  listFiles,
  type ByteRange,
  type ObjectStore,
  type StoredFile,
} from '@catalyst/service-kit/storage';
import { withoutStaleCopies } from '../precompressed';
import { DIST_VERSION, type ReleaseTarget } from './repository';

/** How the store's failures are named (answered 503, logged). */
export const RELEASE_STORAGE = 'release storage';

/**
 * Where release files live, written once and never changed (content addressed), served at
 * /mf/<remote>/<version>/… (the shell's at /): service-kit's one object store, so a folder on local disk
 * (`<RELEASES_DIR>/<front end>/<version>/`) by default and, with the media bucket's settings (MEDIA_S3_*),
 * the keys `releases/<front end>/<version>/…` of that bucket. The built dist/ of each front end is the
 * `dist` release, always served from its folder in place.
 */
export interface ReleaseStore {
  readonly storage: ObjectStore['name'];
  /**
   * A version's local folder: the dist/ of the front end for `dist`; the release folder on disk; with a bucket,
   * where `localCopy` puts its copy.
   */
  dirOf(remote: ReleaseTarget, version: string): string;
  /** Whether a version's files are all there (its entry file, written last, is). */
  has(remote: ReleaseTarget, version: string): Promise<boolean>;
  /**
   * Stores a built folder as a version (without the compressed copies older than their file); a version already
   * stored is left as it is (same content).
   */
  publish(remote: ReleaseTarget, version: string, builtDir: string): Promise<void>;
  /** A file of a released version (a path inside it), or null when there is none. */
  read(remote: ReleaseTarget, version: string, file: string, range?: ByteRange): Promise<StoredFile | null>;
  /** A file's size, or null when there is none. */
  size(remote: ReleaseTarget, version: string, file: string): Promise<number | null>;
  /**
   * `dirOf` holding the version's files: on disk they already are; from a bucket they are copied once (the
   * shell's index.html and files, the contract checks' inputs). Throws when the version is not stored.
   */
  localCopy(remote: ReleaseTarget, version: string): Promise<string>;
}

const folderOf = (remote: ReleaseTarget) => (remote === 'shell' ? 'shell' : `mfe-${remote}`);
/** The file a version is complete with: published last, so a reader never takes a partial version for one. */
const entryOf = (remote: ReleaseTarget) => (remote === 'shell' ? 'index.html' : 'mf-manifest.json');
/** Written by the front-end build next to its output, never part of a release. */
const BUILD_STAMP = '.build-stamp';

export interface ReleaseStoreOptions {
  /** The local folder of releases: the release folders themselves on disk, the local copies with a bucket. */
  root: string;
  /** Where each front end's built dist/ is (`<staticRoot>/mfe-<remote>/dist`, `<staticRoot>/shell/dist`). */
  staticRoot: string;
  /** A bucket (service-kit's S3 object store); without it the release folders under `root` are the store. */
  bucket?: ObjectStore;
}

export function createReleaseStore({ root, staticRoot, bucket }: ReleaseStoreOptions): ReleaseStore {
  const local = createDiskObjectStore(root, { what: RELEASE_STORAGE });
  const files = bucket ?? local;
  // Keys in the store: `<remote>/<version>/…` under the releases folder, `releases/<remote>/<version>/…` in a bucket.
  const prefixOf = (remote: ReleaseTarget, version: string) =>
    `${bucket ? 'releases/' : ''}${remote}/${version}/`;
  const dirOf = (remote: ReleaseTarget, version: string) =>
    version === DIST_VERSION
      ? path.join(staticRoot, folderOf(remote), 'dist')
      : path.join(root, remote, version);
  const stored = (remote: ReleaseTarget, version: string) => {
    if (version === DIST_VERSION)
      throw new Error('the dist release is served in place, never from the release store');
    return prefixOf(remote, version);
  };

  async function has(remote: ReleaseTarget, version: string) {
    if (version === DIST_VERSION) {
      try {
        return (await stat(dirOf(remote, version))).isDirectory();
      } catch {
        return false;
      }
    }
    return (await files.size(`${stored(remote, version)}${entryOf(remote)}`)) !== null;
  }

  return {
    storage: files.name,
    dirOf,
    has,

    async publish(remote, version, builtDir) {
      const prefix = stored(remote, version);
      if (await has(remote, version)) return;
      const entry = entryOf(remote);
      // A compressed copy older than its file (the file changed after `npm run build`) would be served for good.
      const built = await withoutStaleCopies(
        builtDir,
        (await listFiles(builtDir)).filter((file) => path.basename(file) !== BUILD_STAMP),
      );
      if (!built.includes(entry)) throw new Error(`${builtDir} has no ${entry}: not a build of ${remote}`);
      await files.publishDir(builtDir, prefix, [...built.filter((file) => file !== entry), entry]);
    },

    read: (remote, version, file, range) => files.read(`${stored(remote, version)}${file}`, range),
    size: (remote, version, file) => files.size(`${stored(remote, version)}${file}`),

    async localCopy(remote, version) {
      const dir = dirOf(remote, version);
      if (version === DIST_VERSION || !bucket) return dir;
      if ((await local.size(`${remote}/${version}/${entryOf(remote)}`)) !== null) return dir;
      const prefix = stored(remote, version);
      const keys = await bucket.list(prefix);
      if (!keys.includes(`${prefix}${entryOf(remote)}`))
        throw new Error(`release ${remote} ${version} is not in the bucket`);
      // Copied beside its place, then renamed: a local copy is never seen half written (another process may copy it too).
      const partial = `${dir}.partial-${process.pid}-${randomBytes(4).toString('hex')}`;
      try {
        for (const key of keys) {
          const object = await bucket.read(key);
          if (!object) throw new Error(`release file ${key} vanished from the bucket`);
          const target = path.join(partial, key.slice(prefix.length));
          await mkdir(path.dirname(target), { recursive: true });
          await pipeline(object.stream, createWriteStream(target));
        }
        await mkdir(path.dirname(dir), { recursive: true });
        await rename(partial, dir).catch(async (error: NodeJS.ErrnoException) => {
          // Another process finished the same copy first: its folder has the same files.
          if (error.code !== 'ENOTEMPTY' && error.code !== 'EEXIST') throw error;
        });
      } finally {
        await rm(partial, { recursive: true, force: true });
      }
      return dir;
    },
  };
}
