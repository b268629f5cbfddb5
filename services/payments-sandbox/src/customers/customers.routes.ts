import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { toCustomer } from '../objects';
import { noSuch } from '../wire/errors';
import { stringMap } from '../wire/form';
import { stripeId } from '../wire/ids';
import { optionalString, stripeParams } from '../wire/params';
import { findCustomer, insertCustomer, updateCustomer } from './customers.repository';

export function customersRoutes({ db }: Deps) {
  const app = new Hono();

  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const customer = await insertCustomer(db, {
      id: stripeId('cus'),
      email: optionalString(params, 'email') ?? null,
      name: optionalString(params, 'name') ?? null,
      metadata: stringMap(params.metadata),
      card_number: null,
      created: await currentTime(db),
    });
    return c.json(toCustomer(customer));
  });

  app.get('/:id', async (c) => {
    const customer = await findCustomer(db, c.req.param('id'));
    if (!customer) throw noSuch('customer', c.req.param('id'));
    return c.json(toCustomer(customer));
  });

  app.post('/:id', async (c) => {
    const params = await stripeParams(c);
    const existing = await findCustomer(db, c.req.param('id'));
    if (!existing) throw noSuch('customer', c.req.param('id'));
    const updated = await updateCustomer(db, existing.id, {
      email: optionalString(params, 'email'),
      name: optionalString(params, 'name'),
      ...(params.metadata ? { metadata: { ...existing.metadata, ...stringMap(params.metadata) } } : {}),
    });
    return c.json(toCustomer(updated ?? existing));
  });

  return app;
}
