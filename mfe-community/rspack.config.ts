import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFrontend } from '@catalyst/build-kit';
import { exposes } from './src/exposes';
import { shellRoutes } from './src/shell-routes';

export default defineFrontend({
  name: 'community',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3005,
  title: 'Catalyst community (standalone)',
  exposes,
  routes: shellRoutes,
});
