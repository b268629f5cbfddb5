// The hosted checkout's "Add promotion code" (a session made with allow_promotion_codes): the code typed is
// found whatever its case, checked as the API checks a code in `discounts`, and applied to the session.
import { Hono } from 'hono';
import type { Deps } from '../deps';
import type { CheckoutSession } from '../db/tables/checkout-session';
import { checkoutPage } from '../checkout/checkout.page';
import { findCheckoutSession, findPrice, updateCheckoutSession } from '../checkout/checkout.repository';
import { currentTime } from '../clock/clock.repository';
import { findCustomer } from '../customers/customers.repository';
import { html } from '../pages/layout';
import { StripeApiError } from '../wire/errors';
import { redeemableCode } from './discounts';
import { listPromotionCodes } from './promotions.repository';
import { sessionDiscount } from './session-offer';

/** The code field, on an open subscription checkout that allows codes and has none yet. */
export function promotionCodeForm(session: CheckoutSession, error?: string) {
  if (!session.allow_promotion_codes || session.promotion_code || session.mode !== 'subscription') return '';
  return html`<form method="post" action="/checkout/${session.id}/promotion" style="margin-top:16px">
    <label for="promotionCode">Promotion code</label>
    <input id="promotionCode" name="promotionCode" autocomplete="off" required />
    ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
    <button type="submit">Apply</button>
  </form>`;
}

export function promotionPages({ db }: Deps) {
  const app = new Hono();
  app.post('/:id/promotion', async (c) => {
    const session = await findCheckoutSession(db, c.req.param('id'));
    const price = session ? await findPrice(db, session.price_id) : undefined;
    if (!session || !price || session.status !== 'open' || !session.allow_promotion_codes)
      return c.redirect(`/checkout/${c.req.param('id')}`, 303);
    const typed = String((await c.req.parseBody()).promotionCode ?? '').trim();
    const [found] = /^[A-Za-z0-9]{1,64}$/.test(typed)
      ? await listPromotionCodes(db, { code: typed, active: true, limit: 1 })
      : [];
    let error = 'This code is not valid.';
    if (found) {
      try {
        await redeemableCode(db, found.id, session.customer, await currentTime(db));
        await updateCheckoutSession(db, session.id, { promotion_code: found.id });
        return c.redirect(`/checkout/${session.id}`, 303);
      } catch (refusal) {
        if (!(refusal instanceof StripeApiError)) throw refusal;
        error = refusal.message;
      }
    }
    const customer = await findCustomer(db, session.customer);
    return c.html(
      checkoutPage(
        session,
        price,
        customer?.email ?? null,
        { promotionError: error },
        await sessionDiscount(db, session, price),
      ),
      400,
    );
  });
  return app;
}
