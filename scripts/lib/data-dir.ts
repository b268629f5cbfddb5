import { chmodSync, existsSync, mkdirSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Folders of DATA_DIR that hold files with secrets or live links; everything in them is made 0600. */
const PRIVATE_FOLDERS = ['secrets', 'outbox'];

/**
 * DATA_DIR is its owner's alone (issue 53): the folder and its sub-folders 0700, runtime.json, the
 * per-install secrets and the outbox's .eml files (live reset links) 0600. Run at every start, so a folder an
 * older version made readable to everyone is closed too. Postgres keeps its own folder 0700 itself.
 */
export function makeDataDirPrivate(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  chmodSync(dataDir, 0o700);
  for (const name of [...PRIVATE_FOLDERS, 'media']) {
    // Made here, before any service writes into them, so they never start out readable.
    const folder = path.join(dataDir, name);
    mkdirSync(folder, { recursive: true, mode: 0o700 });
    chmodSync(folder, 0o700);
    if (!PRIVATE_FOLDERS.includes(name)) continue;
    for (const entry of readdirSync(folder)) {
      const file = path.join(folder, entry);
      if (statSync(file).isFile()) chmodSync(file, 0o600);
    }
  }
  const runtime = path.join(dataDir, 'runtime.json');
  if (existsSync(runtime)) chmodSync(runtime, 0o600);
}

/** Writes a file only its owner may read (0600 also when it existed before with another mode). */
export function writePrivateFile(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  chmodSync(file, 0o600);
}
