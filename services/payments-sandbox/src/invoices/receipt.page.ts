import { Hono } from 'hono';
import type { Deps } from '../deps';
import { cardLast4 } from '../cards';
import { findPrice } from '../checkout/checkout.repository';
import { findCustomer } from '../customers/customers.repository';
import { formatDate, formatMoney, html, page } from '../pages/layout';
import { findInvoice, findSubscription } from '../subscriptions/subscriptions.repository';
import { isReceiptSignature } from './receipts';

const STATUS_LABEL: Record<string, string> = { paid: 'Paid', open: 'Payment due', void: 'Void' };

/** The hosted receipt of one invoice (the invoice's hosted_invoice_url): read-only, no script. */
export function receiptPages({ db, config }: Deps) {
  const app = new Hono();

  app.get('/:id', async (c) => {
    const id = c.req.param('id');
    const invoice = isReceiptSignature(config.SANDBOX_SECRET_KEY, id, c.req.query('sig'))
      ? await findInvoice(db, id)
      : undefined;
    if (!invoice) {
      return c.html(
        page(
          'Receipt',
          html`<main>
            <section class="card">
              <h1>Receipt not found</h1>
              <p>This receipt link is not valid.</p>
            </section>
          </main>`,
        ),
        404,
      );
    }
    const [customer, sub] = await Promise.all([
      findCustomer(db, invoice.customer),
      findSubscription(db, invoice.subscription),
    ]);
    const price = sub ? await findPrice(db, sub.price_id) : undefined;
    const paid = invoice.status === 'paid';
    const last4 = cardLast4(customer?.card_number ?? null);
    return c.html(
      page(
        paid ? 'Receipt' : 'Invoice',
        html`<main>
          <section class="card" aria-label="${paid ? 'Receipt' : 'Invoice'}">
            <p class="muted">${customer?.email ?? ''}</p>
            <h1>${paid ? 'Receipt' : 'Invoice'} ${invoice.id}</h1>
            <p class="price">
              ${formatMoney(paid ? invoice.amount_paid : invoice.amount_due, invoice.currency)}
            </p>
            <p>Status: <strong>${STATUS_LABEL[invoice.status] ?? invoice.status}</strong></p>
            <table>
              <tr>
                <td>Date</td>
                <td>${formatDate(invoice.created)}</td>
              </tr>
              <tr>
                <td>Item</td>
                <td>${price ? `${price.product_name} (per ${price.interval})` : 'Subscription'}</td>
              </tr>
              <tr>
                <td>Period</td>
                <td>${formatDate(invoice.period_start)} – ${formatDate(invoice.period_end)}</td>
              </tr>
              ${
                paid && last4
                  ? html`<tr>
                      <td>Paid with</td>
                      <td>Card ending in ${last4}</td>
                    </tr>`
                  : ''
              }
            </table>
          </section>
        </main>`,
      ),
    );
  });

  return app;
}
