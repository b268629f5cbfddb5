import { Hono } from 'hono';
import { resolveSessionRequestSchema, usersLookupRequestSchema, type ResolveSessionResponse } from '@catalyst/contracts';
import { ok, parseBody, unauthorized, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { countUsers, lookupUsers } from '../users/users.repository';

/** Service-to-service routes (the shared-secret guard is service-kit's; the gateway never exposes them). */
export function internalRoutes({ db, sessions }: Deps) {
  return new Hono<AppEnv>()
    .post('/internal/sessions/resolve', async (c) => {
      const { token } = await parseBody(c, resolveSessionRequestSchema);
      const identity = await sessions.resolve(token);
      if (!identity) throw unauthorized('Session is invalid, expired or revoked');
      return ok(c, { identity } satisfies ResolveSessionResponse);
    })
    .get('/internal/users/count', async (c) => ok(c, { count: await countUsers(db) }))
    .post('/internal/users/lookup', async (c) => {
      const { ids } = await parseBody(c, usersLookupRequestSchema);
      return ok(c, await lookupUsers(db, ids));
    });
}
