// Writes web-kit's packages/web-kit/src/api/routes.generated.ts and the contracts' zod-free
// packages/contracts/src/routes/paths.generated.ts from the route declarations (see scripts/lib/api-routes.ts).
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { renderApiRoutes, renderRoutePaths } from './lib/api-routes';

for (const [file, text] of [
  ['../packages/web-kit/src/api/routes.generated.ts', renderApiRoutes()],
  ['../packages/contracts/src/routes/paths.generated.ts', renderRoutePaths()],
] as const) {
  const target = fileURLToPath(new URL(file, import.meta.url));
  writeFileSync(target, text);
  console.log(`wrote ${target}`);
}
