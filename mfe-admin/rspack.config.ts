import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFrontend } from '@catalyst/build-kit';
import { exposes } from './src/exposes';
import { shellRoutes } from './src/shell-routes';

export default defineFrontend({
  name: 'admin',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3004,
  title: 'Catalyst admin (standalone)',
  exposes,
  routes: shellRoutes,
});
