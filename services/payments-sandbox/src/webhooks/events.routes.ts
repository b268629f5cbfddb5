import { Hono } from 'hono';
import type { Deps } from '../deps';
import { toList } from '../objects';
import { noSuch } from '../wire/errors';
import { optionalInteger, optionalString, stripeParams } from '../wire/params';
import { findEvent, listEvents } from './events.repository';

/** GET /v1/events and /v1/events/:id, as the provider offers them (handy for reconciling missed webhooks). */
export function eventsRoutes({ db }: Deps) {
  const app = new Hono();

  app.get('/', async (c) => {
    const params = await stripeParams(c);
    const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
    const rows = await listEvents(db, { type: optionalString(params, 'type'), limit });
    return c.json(
      toList(
        rows.map((row) => JSON.parse(row.payload) as unknown),
        '/v1/events',
      ),
    );
  });

  app.get('/:id', async (c) => {
    const event = await findEvent(db, c.req.param('id'));
    if (!event) throw noSuch('event', c.req.param('id'));
    return c.json(JSON.parse(event.payload) as unknown);
  });

  return app;
}
