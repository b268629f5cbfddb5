// Writes packages/web-kit/src/api/routes.generated.ts from the route declarations (see scripts/lib/api-routes.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiRoutes } from './lib/api-routes';

const target = fileURLToPath(new URL('../packages/web-kit/src/api/routes.generated.ts', import.meta.url));
writeFileSync(target, renderApiRoutes());
console.log(`wrote ${target}`);
