import { createService, pingDb } from '@catalyst/service-kit';
import { authRoutes } from './auth/auth.routes';
import type { Deps } from './deps';
import { internalRoutes } from './internal/internal.routes';
import { userRoutes } from './users/users.routes';

export function createApp(deps: Deps) {
  const app = createService({
    name: 'auth',
    log: deps.log,
    internalSecret: deps.config.INTERNAL_SECRET,
    checks: { database: () => pingDb(deps.db) },
    maxBodyBytes: 64 * 1024,
  });
  app.route('/', authRoutes(deps));
  app.route('/', userRoutes(deps));
  app.route('/', internalRoutes(deps));
  return app;
}
