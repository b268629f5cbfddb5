import { describe, expect, it } from 'vitest';
import { apiPathLiterals, productSources } from './lib/api-paths';

describe('API addresses in product code', () => {
  it('reads the product sources (services, gateway, packages, shell, remotes, deploy)', () => {
    const files = productSources();
    expect(files).toContain('mfe-admin/src/media/useUpload.ts');
    expect(files).toContain('services/community/src/notifications/notification-mail.ts');
    expect(files).not.toContain('packages/contracts/src/routes/media.ts');
    expect(files.filter((file) => /\.test\.tsx?$/.test(file))).toEqual([]);
  });

  it('finds a hand-written address: the prefix, a declared path, or a template filling one', () => {
    expect(
      apiPathLiterals(['scripts/lib/api-paths.fixture.ts']).map(({ line, text }) => `${line}: ${text}`),
    ).toEqual([
      '2: /api/v1/anything',
      '3: /media/uploads',
      '4: /community/threads/${…}/events',
      '5: ${…}/api/v1${…}',
      '6: /community/unsubscribe?token=x',
    ]);
  });

  it('writes none outside packages/contracts: each comes from its declaration', () => {
    const found = apiPathLiterals().map(({ file, line, text }) => `${file}:${line} ${text}`);
    expect(found, 'use routeUrl(route, …) (server) or api.<group>.<name>.url(…) (browser)').toEqual([]);
  });
});
