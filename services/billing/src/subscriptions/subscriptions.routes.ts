import type { Hono } from 'hono';
import { subscriptionRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createSubscriptionHandlers } from './subscriptions.handlers';

export const mountSubscriptions = (app: Hono<AppEnv>, deps: Deps) =>
  mountRoutes(app, subscriptionRoutes, createSubscriptionHandlers(deps));
