import type { Hono } from 'hono';
import { notificationRoutes } from '@catalyst/contracts';
import { mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { createInboxHandlers } from './inbox.handlers';

/** The notification centre (notificationRoutes): the list, marking read, the live stream, the settings. */
export function mountInbox(app: Hono<AppEnv>, deps: Deps) {
  mountRoutes(app, notificationRoutes, createInboxHandlers(deps));
}
