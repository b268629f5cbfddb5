import { Hono, type Context } from 'hono';
import type { Deps } from '../deps';
import { cardLast4, isPlausibleCardNumber, normaliseCardNumber } from '../cards';
import { findPrice } from '../checkout/checkout.repository';
import { currentTime } from '../clock/clock.repository';
import { findCustomer } from '../customers/customers.repository';
import { formatDate, formatMoney, html, page } from '../pages/layout';
import { changeCard, setCancelAtPeriodEnd } from '../subscriptions/lifecycle';
import { findSubscription, listSubscriptions } from '../subscriptions/subscriptions.repository';
import { StripeApiError } from '../wire/errors';
import { findPortalSession } from './portal.repository';

/** How long a billing portal link opens the portal. */
export const PORTAL_LINK_TTL_SECONDS = 60 * 60;

const NOTICES: Record<string, string> = {
  canceled: 'Your plan will be canceled at the end of the billing period.',
  renewed: 'Your plan will renew as usual.',
  card: 'Your card has been updated.',
};

/** The hosted billing portal: see the plan, cancel or reactivate it, change the card on file. */
export function portalPages({ db, dispatcher }: Deps) {
  const app = new Hono();

  async function load(c: Context) {
    const portal = await findPortalSession(db, c.req.param('id') ?? '');
    // A portal link works for an hour after it was made (the sandbox's clock), as the provider's do.
    if (!portal || (await currentTime(db)) - portal.created > PORTAL_LINK_TTL_SECONDS) return undefined;
    const customer = await findCustomer(db, portal.customer);
    if (!customer) return undefined;
    const [sub] = await listSubscriptions(db, { customer: customer.id, status: 'all', limit: 1 });
    return { portal, customer, sub };
  }

  const notFound = (c: Context) =>
    c.html(
      page(
        'Billing portal',
        html`<main>
          <section class="card">
            <h1>Link expired</h1>
            <p>This billing portal link is not valid.</p>
          </section>
        </main>`,
      ),
      404,
    );

  app.get('/:id', async (c) => {
    const found = await load(c);
    if (!found) return notFound(c);
    const { portal, customer, sub } = found;
    const price = sub ? await findPrice(db, sub.price_id) : undefined;
    const notice = NOTICES[c.req.query('notice') ?? ''];
    const error = c.req.query('error');
    const live = sub && sub.status !== 'canceled';
    const last4 = cardLast4(customer.card_number);
    const cardFirst = c.req.query('flow') === 'payment_method_update';
    const cardSection = html`<section class="card" aria-label="Payment method">
      <h2>${cardFirst ? 'Update your card' : 'Payment method'}</h2>
      ${cardFirst && sub?.status === 'past_due' ? html`<p>Your last payment failed. A new card pays the open invoice at once.</p>` : ''}
      <p>${last4 ? `Card ending in ${last4}` : 'No card on file.'}</p>
      <form method="post" action="/portal/${portal.id}/card">
        <label for="cardNumber">New card number</label>
        <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required />
        ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
        <button type="submit">Update card</button>
      </form>
    </section>`;
    return c.html(
      page(
        'Billing portal',
        html`<main>
          ${cardFirst ? cardSection : ''}
          <section class="card" aria-label="Current plan">
            ${notice ? html`<div class="notice" role="status">${notice}</div>` : ''}
            <p class="muted">${customer.email ?? ''}</p>
            <h1>Current plan</h1>
            ${
              sub && price
                ? html`<p>
                      <strong>${price.product_name}</strong> —
                      ${formatMoney(price.unit_amount, price.currency)} per ${price.interval}
                    </p>
                    <p>Status: <strong>${sub.status}</strong></p>
                    <p>
                      ${
                        !live
                          ? `Ended on ${formatDate(sub.ended_at ?? sub.current_period_end)}`
                          : sub.cancel_at_period_end
                            ? `Cancels on ${formatDate(sub.current_period_end)}`
                            : `Renews on ${formatDate(sub.current_period_end)}`
                      }
                    </p>
                    ${
                      live && !sub.cancel_at_period_end
                        ? html`<form method="post" action="/portal/${portal.id}/cancel">
                            <button type="submit" class="secondary">Cancel plan</button>
                          </form>`
                        : ''
                    }
                    ${live && sub.cancel_at_period_end ? html`<form method="post" action="/portal/${portal.id}/reactivate"><button type="submit">Renew plan</button></form>` : ''}`
                : html`<p>No subscription.</p>`
            }
            ${portal.return_url ? html`<p style="margin-top:16px"><a href="${portal.return_url}">Return to Catalyst</a></p>` : ''}
          </section>
          ${cardFirst ? '' : cardSection}
        </main>`,
      ),
    );
  });

  async function setCancel(c: Context, cancel: boolean) {
    const found = await load(c);
    if (!found) return notFound(c);
    const { portal, sub } = found;
    if (sub) {
      const now = await currentTime(db);
      await db
        .transaction()
        .execute(async (trx) => {
          const locked = await findSubscription(trx, sub.id, { lock: true });
          if (locked) await setCancelAtPeriodEnd(trx, locked, cancel, now);
        })
        .catch((error) => {
          if (!(error instanceof StripeApiError)) throw error;
        });
      dispatcher.kick();
    }
    return c.redirect(`/portal/${portal.id}?notice=${cancel ? 'canceled' : 'renewed'}`, 303);
  }

  app.post('/:id/cancel', (c) => setCancel(c, true));
  app.post('/:id/reactivate', (c) => setCancel(c, false));

  app.post('/:id/card', async (c) => {
    const found = await load(c);
    if (!found) return notFound(c);
    const body = await c.req.parseBody();
    const cardNumber = normaliseCardNumber(String(body.cardNumber ?? ''));
    if (!isPlausibleCardNumber(cardNumber)) {
      return c.redirect(
        `/portal/${found.portal.id}?error=${encodeURIComponent('Your card number is incorrect.')}`,
        303,
      );
    }
    const now = await currentTime(db);
    await db.transaction().execute(async (trx) => {
      const subs = await listSubscriptions(trx, { customer: found.customer.id, limit: 100 });
      await changeCard(trx, found.customer.id, cardNumber, now, subs);
    });
    dispatcher.kick();
    return c.redirect(`/portal/${found.portal.id}?notice=card`, 303);
  });

  return app;
}
