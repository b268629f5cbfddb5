import path from 'node:path';
import { DEMO_MEDIA_ROOT } from '@catalyst/demo';
import { localFileSource } from './local-file';
import { storedSource, type ByteSource, type MediaStorage } from './storage';

const DEMO_FOLDER = path.join(DEMO_MEDIA_ROOT, 'media') + path.sep;

/**
 * Where an asset's original bytes are: a demo asset's file under the repository's /media folder
 * (`source_path`), else the upload itself, which the store keeps (disk or bucket) until the asset is
 * deleted. Null for a source path outside /media (never served, whatever the row says).
 */
export function originalOf(
  asset: { id: string; source_path: string | null },
  storage: MediaStorage,
): ByteSource | null {
  if (!asset.source_path) return storedSource(storage, storage.uploadKey(asset.id));
  const file = path.join(DEMO_MEDIA_ROOT, path.posix.normalize(`/${asset.source_path}`));
  return file.startsWith(DEMO_FOLDER) ? localFileSource(file) : null;
}
