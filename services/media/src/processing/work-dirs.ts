import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';

/**
 * Where processing runs keep their files: one folder per run (an encode's output before it is published,
 * an upload copied down from object storage), under one folder of the system's temporary directory.
 * A run removes its folder when it ends; a worker killed mid-run (a deploy, the OOM killer) cannot, so
 * each worker sweeps what such runs left (sweepWorkDirs).
 */
export const workRoot = () => path.join(os.tmpdir(), 'catalyst-media-work');

/** A new folder for one run, named after what it works on (`<assetId>-…`, `upload-<id>-…`). */
export async function makeWorkDir(name: string, root = workRoot()): Promise<string> {
  await mkdir(root, { recursive: true });
  return mkdtemp(path.join(root, `${name}-`));
}

/**
 * Removes the run folders last changed longer ago than a run can last (the queue ends a job at that age,
 * so nothing still works in them); a run in progress is never touched. Answers how many went.
 */
export async function sweepWorkDirs(olderThanMs: number, { root = workRoot() } = {}): Promise<number> {
  const now = Date.now();
  const names = await readdir(root).catch(() => [] as string[]);
  let removed = 0;
  for (const name of names) {
    const dir = path.join(root, name);
    const info = await stat(dir).catch(() => null);
    if (!info || now - info.mtimeMs <= olderThanMs) continue;
    await rm(dir, { recursive: true, force: true });
    removed += 1;
  }
  return removed;
}
