import type { Hono } from 'hono';
import { billingEventRoutes } from '@catalyst/contracts';
import { eventFeedHandler, mountRoutes, type AppEnv } from '@catalyst/service-kit';
import type { Deps } from '../deps';

/** Billing's domain events feed (filled by the triggers of migration 2026-12-06T12-50-00_domain_events). */
export function mountEvents(app: Hono<AppEnv>, { db }: Deps) {
  mountRoutes(app, billingEventRoutes, { events: eventFeedHandler(db) });
}
