import type { Hono } from 'hono';
import { billingInternalRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { endCustomer } from '../customers/customers.service';
import { countSubscribers } from '../subscriptions/subscriptions.repository';
import { entitlementOf, plansOf } from '../subscriptions/subscriptions.service';

/** /internal/*: for content, progress, auth and the admin dashboard (the service-kit guard checks the shared secret). */
export const mountInternal = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, billingInternalRoutes, {
    entitlement: ({ params }) => entitlementOf(deps, params.userId),
    subscriberCount: async () => ({ count: await countSubscribers(deps.db) }),
    // The admin users list: each listed user's plan, in one query.
    planLookup: ({ body }) => plansOf(deps, body.userIds),
    // Account deletion (auth calls this first): cancels at the provider at once; safe to repeat.
    deleteCustomer: ({ params, requestId }) => endCustomer(deps, params.userId, requestId),
  });
