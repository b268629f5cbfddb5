import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFirstPaint, defineFrontend } from '@catalyst/build-kit';

const dir = path.dirname(fileURLToPath(import.meta.url));

const browser = defineFrontend({
  name: 'shell',
  kind: 'host',
  dir,
  port: 3000,
  title: 'Catalyst',
  earlyEntry: './src/early-entry.ts',
});
const firstPaint = defineFirstPaint({ name: 'shell', dir, entry: './src/first-paint.tsx' });

// A production build also builds the first-paint renderer (scripts/first-paint.ts runs it); the dev server only the app.
export default (
  env: Record<string, unknown> = {},
  argv: { mode?: 'development' | 'production' | 'none' } = {},
) =>
  env.RSPACK_SERVE || argv.mode === 'development' ? browser(env, argv) : [browser(env, argv), firstPaint()];
