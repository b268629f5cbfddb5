import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import type { ByteSource } from './storage';

const isMissing = (error: unknown) =>
  ['ENOENT', 'ENOTDIR', 'EISDIR'].includes((error as NodeJS.ErrnoException)?.code ?? '');

/** A file on local disk as a byte source (a demo asset's file under the repository's /media folder). */
export function localFileSource(file: string): ByteSource {
  const size = async () => {
    try {
      const facts = await stat(file);
      return facts.isFile() ? facts.size : null;
    } catch (error) {
      if (isMissing(error)) return null;
      throw error;
    }
  };
  return {
    size,
    async read(range) {
      const whole = await size();
      if (whole === null) return null;
      return {
        size: whole,
        stream: createReadStream(file, range ? { start: range.start, end: range.end } : {}),
      };
    },
  };
}
