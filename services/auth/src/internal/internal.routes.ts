import type { Hono } from 'hono';
import { authInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, unauthorized, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { countUsers, lookupUsers } from '../users/users.repository';

/** Service-to-service routes (the shared-secret guard is service-kit's; the gateway never exposes them). */
export const mountInternal = (app: Hono<AppEnv>, { db, sessions }: Deps) =>
  mountRoutes(app, authInternalRoutes, {
    async resolveSession({ body: { token } }) {
      const identity = await sessions.resolve(token);
      if (!identity) throw unauthorized('Session is invalid, expired or revoked');
      return { identity };
    },
    userCount: async () => ({ count: await countUsers(db) }),
    lookupUsers: ({ body: { ids } }) => lookupUsers(db, ids),
  });
