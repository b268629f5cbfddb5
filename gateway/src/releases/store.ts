import { cp, mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { DIST_VERSION, type ReleaseTarget } from './repository';

/**
 * Where release files live: `<root>/<front end>/<version>/`, written once and never changed (content
 * addressed), served at /mf/<remote>/<version>/… (the shell's at /). The built dist/ of each front end is
 * the `dist` release, served from its folder in place.
 */
export interface ReleaseStore {
  readonly root: string;
  /** The folder of a version (the dist/ of the front end for `dist`). */
  dirOf(remote: ReleaseTarget, version: string): string;
  /** Whether a version's files are there. */
  has(remote: ReleaseTarget, version: string): Promise<boolean>;
  /** Copies a built folder in as a version; a version already stored is left as it is (same content). */
  publish(remote: ReleaseTarget, version: string, builtDir: string): Promise<void>;
}

const folderOf = (remote: ReleaseTarget) => (remote === 'shell' ? 'shell' : `mfe-${remote}`);

export function createDiskReleaseStore({ root, staticRoot }: { root: string; staticRoot: string }): ReleaseStore {
  const dirOf = (remote: ReleaseTarget, version: string) =>
    version === DIST_VERSION ? path.join(staticRoot, folderOf(remote), 'dist') : path.join(root, remote, version);
  const has = async (remote: ReleaseTarget, version: string) => {
    try {
      return (await stat(dirOf(remote, version))).isDirectory();
    } catch {
      return false;
    }
  };
  return {
    root,
    dirOf,
    has,
    async publish(remote, version, builtDir) {
      if (version === DIST_VERSION) throw new Error('the dist release is served in place, never published');
      if (await has(remote, version)) return;
      const target = dirOf(remote, version);
      // Copied beside its place, then renamed: a version's folder is never seen half written.
      const partial = `${target}.partial-${process.pid}`;
      await mkdir(path.dirname(target), { recursive: true });
      await rm(partial, { recursive: true, force: true });
      await cp(builtDir, partial, { recursive: true, filter: (source) => path.basename(source) !== '.build-stamp' });
      await rename(partial, target);
    },
  };
}
