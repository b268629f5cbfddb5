import type { Hono } from 'hono';
import { payingInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { payingUsers } from './paying.repository';

/** Progress's analytics rollup asks which watchers pay, to count paid minutes for the royalty pool. */
export const mountPaying = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, payingInternalRoutes, {
    paying: async ({ body }) => ({ userIds: await payingUsers(deps.db, body.userIds) }),
  });
