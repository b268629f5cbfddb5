import { Hono } from 'hono';
import type { Deps } from '../deps';
import { currentTime } from '../clock/clock.repository';
import { findCustomer } from '../customers/customers.repository';
import { toPortalSession } from '../objects';
import { invalidParam, noSuch } from '../wire/errors';
import { stripeId } from '../wire/ids';
import { optionalString, requiredString, stripeParams } from '../wire/params';
import { insertPortalSession } from './portal.repository';

export function portalRoutes({ db, config }: Deps) {
  const app = new Hono();

  app.post('/sessions', async (c) => {
    const params = await stripeParams(c);
    const customerId = requiredString(params, 'customer');
    if (!(await findCustomer(db, customerId))) throw noSuch('customer', customerId, 'customer');
    const returnUrl = optionalString(params, 'return_url') ?? null;
    if (returnUrl && !URL.canParse(returnUrl))
      throw invalidParam('return_url', 'Not a valid URL: return_url');
    const session = await insertPortalSession(db, {
      id: stripeId('bps'),
      customer: customerId,
      return_url: returnUrl,
      created: await currentTime(db),
    });
    // flow_data[type]=payment_method_update: the portal opens at the card update (a failed-payment e-mail's link).
    const flow = (params.flow_data as Record<string, unknown> | undefined)?.type;
    if (flow !== undefined && flow !== 'payment_method_update')
      throw invalidParam(
        'flow_data[type]',
        'The sandbox supports flow_data[type]=payment_method_update only.',
      );
    const json = toPortalSession(session, config.PUBLIC_URL);
    return c.json(flow ? { ...json, url: `${json.url}?flow=payment_method_update` } : json);
  });

  return app;
}
