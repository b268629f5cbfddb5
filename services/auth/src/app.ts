import { createService, pingDb } from '@catalyst/service-kit';
import { mountAdminUsers } from './admin-users/admin-users.routes';
import { mountApiKeys } from './api-keys/api-keys.routes';
import { mountAuth } from './auth/auth.routes';
import type { Deps } from './deps';
import { mountInternal } from './internal/internal.routes';
import { mountLti } from './lti/lti.routes';
import { mountSso } from './sso/sso.routes';
import { mountUsers } from './users/users.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'auth',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    maxBodyBytes: 64 * 1024,
    invalidations: deps.invalidations,
  });
  mountAuth(app, deps);
  mountSso(app, deps);
  mountLti(app, deps);
  mountUsers(app, deps);
  mountAdminUsers(app, deps);
  mountApiKeys(app, deps);
  mountInternal(app, deps);
  return app;
}
