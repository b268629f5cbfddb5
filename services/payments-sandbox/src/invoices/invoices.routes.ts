import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { Invoice } from '../db/tables/invoice';
import { toInvoice, toList } from '../objects';
import { findInvoice, findSubscription } from '../subscriptions/subscriptions.repository';
import { noSuch } from '../wire/errors';
import { optionalInteger, optionalString, stripeParams } from '../wire/params';
import { listInvoices } from './invoices.repository';
import { receiptUrl } from './receipts';

/** GET /v1/invoices (customer, subscription, status, limit, starting_after) and GET /v1/invoices/:id. */
export function invoicesRoutes({ db, config }: Deps) {
  const app = new Hono();

  const invoiceObject = async (row: Invoice) => {
    const sub = await findSubscription(db, row.subscription);
    return toInvoice(
      row,
      sub?.metadata ?? {},
      receiptUrl(config.PUBLIC_URL, config.SANDBOX_SECRET_KEY, row.id),
    );
  };

  app.get('/', async (c) => {
    const params = await stripeParams(c);
    const limit = Math.min(Math.max(optionalInteger(params, 'limit') ?? 10, 1), 100);
    const afterId = optionalString(params, 'starting_after');
    const startingAfter = afterId ? await findInvoice(db, afterId) : undefined;
    if (afterId && !startingAfter) throw noSuch('invoice', afterId, 'starting_after');
    // One more than asked tells whether there is a next page.
    const rows = await listInvoices(db, {
      customer: optionalString(params, 'customer'),
      subscription: optionalString(params, 'subscription'),
      status: optionalString(params, 'status'),
      limit: limit + 1,
      startingAfter,
    });
    const list = toList(await Promise.all(rows.slice(0, limit).map(invoiceObject)), '/v1/invoices');
    return c.json({ ...list, has_more: rows.length > limit });
  });

  app.get('/:id', async (c) => {
    const invoice = await findInvoice(db, c.req.param('id'));
    if (!invoice) throw noSuch('invoice', c.req.param('id'));
    return c.json(await invoiceObject(invoice));
  });

  return app;
}
