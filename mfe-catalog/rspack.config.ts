import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineFrontend } from '../scripts/rspack-app';

export default defineFrontend({
  name: 'catalog',
  kind: 'remote',
  dir: path.dirname(fileURLToPath(import.meta.url)),
  port: 3001,
  title: 'Catalyst catalog (standalone)',
  exposes: {
    './BrowseRoutes': './src/routes.tsx',
    './TopCourses': './src/top-courses/TopCourses.tsx',
  },
});
