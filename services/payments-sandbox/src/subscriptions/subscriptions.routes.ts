import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { toList } from '../objects';
import { noSuch } from '../wire/errors';
import { stringMap } from '../wire/form';
import { optionalBoolean, optionalInteger, optionalString, stripeParams } from '../wire/params';
import { cancelNow, setCancelAtPeriodEnd, subscriptionObject } from './lifecycle';
import { applyPlanUpdate } from './plan-update';
import { findSubscription, listSubscriptions, setSubscriptionMetadata } from './subscriptions.repository';

export function subscriptionsRoutes({ db, dispatcher }: Deps) {
  const app = new Hono();

  app.get('/', async (c) => {
    const params = await stripeParams(c);
    const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
    const rows = await listSubscriptions(db, {
      customer: optionalString(params, 'customer'),
      status: optionalString(params, 'status'),
      limit,
    });
    return c.json(
      toList(await Promise.all(rows.map((row) => subscriptionObject(db, row))), '/v1/subscriptions'),
    );
  });

  app.get('/:id', async (c) => {
    const sub = await findSubscription(db, c.req.param('id'));
    if (!sub) throw noSuch('subscription', c.req.param('id'));
    return c.json(await subscriptionObject(db, sub));
  });

  app.post('/:id', async (c) => {
    const params = await stripeParams(c);
    const cancelAtPeriodEnd = optionalBoolean(params, 'cancel_at_period_end');
    const now = await currentTime(db);
    const updated = await db.transaction().execute(async (trx) => {
      let sub = await findSubscription(trx, c.req.param('id'), { lock: true });
      if (!sub) throw noSuch('subscription', c.req.param('id'));
      if (params.metadata)
        sub = await setSubscriptionMetadata(trx, sub.id, { ...sub.metadata, ...stringMap(params.metadata) });
      sub = await applyPlanUpdate(trx, sub, params, now);
      if (cancelAtPeriodEnd !== undefined) sub = await setCancelAtPeriodEnd(trx, sub, cancelAtPeriodEnd, now);
      return sub;
    });
    dispatcher.kick();
    return c.json(await subscriptionObject(db, updated));
  });

  app.delete('/:id', async (c) => {
    const now = await currentTime(db);
    const ended = await db.transaction().execute(async (trx) => {
      const sub = await findSubscription(trx, c.req.param('id'), { lock: true });
      if (!sub) throw noSuch('subscription', c.req.param('id'));
      return cancelNow(trx, sub, now);
    });
    dispatcher.kick();
    return c.json(await subscriptionObject(db, ended));
  });

  return app;
}
