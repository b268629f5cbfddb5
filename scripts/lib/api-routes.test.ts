import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { renderApiRoutes } from './api-routes';

describe("web-kit's method and path of each declared endpoint", () => {
  it('is what the declarations say (run `npm run generate:api` after changing a declaration)', () => {
    const written = readFileSync(
      new URL('../../packages/web-kit/src/api/routes.generated.ts', import.meta.url),
      'utf8',
    );
    expect(written).toBe(renderApiRoutes());
  });

  it('offers browsers no service-to-service, signature-only or hidden route', () => {
    const generated = renderApiRoutes();
    for (const path of ['/internal/', '/webhooks/stripe', '/openapi.json'])
      expect(generated).not.toContain(`'${path}`);
  });
});
