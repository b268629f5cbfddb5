import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFrontend } from '../scripts/rspack-app';

export default defineFrontend({
  name: 'shell',
  kind: 'host',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3000,
  title: 'Catalyst',
  earlyEntry: './src/early-entry.ts',
});
