import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { noSuch } from '../wire/errors';
import { optionalInteger, requiredString, stripeParams } from '../wire/params';
import { findPaymentIntent, refundPayment, toPaymentIntent } from './payments';

/** GET /v1/payment_intents/:id */
export function paymentIntentsRoutes({ db }: Deps) {
  const app = new Hono();
  app.get('/:id', async (c) => {
    const intent = await findPaymentIntent(db, c.req.param('id'));
    if (!intent) throw noSuch('payment_intent', c.req.param('id'));
    return c.json(toPaymentIntent(intent));
  });
  return app;
}

/** POST /v1/refunds (payment_intent, amount): a payment given back, whole unless an amount says otherwise. */
export function refundsRoutes({ db, dispatcher }: Deps) {
  const app = new Hono();
  app.post('/', async (c) => {
    const params = await stripeParams(c);
    const intentId = requiredString(params, 'payment_intent');
    const amount = optionalInteger(params, 'amount');
    const now = await currentTime(db);
    const refund = await db.transaction().execute((trx) => refundPayment(trx, intentId, amount, now));
    if (!refund) throw noSuch('payment_intent', intentId, 'payment_intent');
    dispatcher.kick();
    return c.json(refund);
  });
  return app;
}
