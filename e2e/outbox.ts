import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

/** The e-mails a product (without SMTP) wrote to DATA_DIR/outbox that mention `to`, newest first. */
export function emailsIn(dataDir: string, to: string): string[] {
  const outbox = path.join(dataDir, 'outbox');
  let files: string[] = [];
  try {
    files = readdirSync(outbox).map((f) => path.join(outbox, f));
  } catch {
    return [];
  }
  return files
    .filter((f) => readFileSync(f, 'utf8').toLowerCase().includes(to.toLowerCase()))
    .sort((a, b) => statSync(b).mtimeMs - statSync(a).mtimeMs)
    .map((f) => readFileSync(f, 'utf8'));
}

/** The newest e-mail a product (without SMTP) wrote to DATA_DIR/outbox that mentions `to`. */
export const latestEmailIn = (dataDir: string, to: string): string | undefined => emailsIn(dataDir, to)[0];
