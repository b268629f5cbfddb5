import { createService, pingDb } from '@catalyst/service-kit';
import { mountCertificates } from './certificates/certificates.routes';
import type { Deps } from './deps';
import { mountInternal } from './internal/internal.routes';
import { mountProgress } from './progress/progress.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'progress',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    invalidations: deps.invalidations,
  });
  mountProgress(app, deps);
  mountCertificates(app, deps);
  mountInternal(app, deps);
  return app;
}
