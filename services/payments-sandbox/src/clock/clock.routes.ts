import { Hono } from 'hono';
import type { Deps } from '../deps';
import { runBillingCycle } from '../subscriptions/lifecycle';
import { invalidParam } from '../wire/errors';
import { optionalInteger, stripeParams } from '../wire/params';
import { advanceClock, currentTime } from './clock.repository';

/**
 * The sandbox's test clock (not part of Stripe's API, modelled on its test clocks): moving time forward
 * runs every renewal, failed renewal, payment retry and period end that falls due.
 */
export function clockRoutes({ db, dispatcher }: Deps) {
  const app = new Hono();

  app.get('/clock', async (c) => c.json({ object: 'test_helpers.clock', now: await currentTime(db) }));

  app.post('/advance', async (c) => {
    const params = await stripeParams(c);
    const before = await currentTime(db);
    const to = optionalInteger(params, 'to');
    const seconds =
      (optionalInteger(params, 'seconds') ?? 0) + (optionalInteger(params, 'days') ?? 0) * 86400;
    const step = to !== undefined ? to - before : seconds;
    if (step < 0)
      throw invalidParam(to !== undefined ? 'to' : 'seconds', 'The test clock only moves forward.');
    await advanceClock(db, step);
    const now = await currentTime(db);
    const processed = await runBillingCycle(db, now);
    dispatcher.kick();
    return c.json({ object: 'test_helpers.clock', previous: before, now, processed });
  });

  return app;
}
