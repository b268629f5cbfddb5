import { Hono, type Context } from 'hono';
import type { Deps } from '../deps';
import type { CheckoutSession } from '../db/tables/checkout-session';
import type { Price } from '../db/tables/price';
import { attachCard, chargeCard, isPlausibleCardNumber, normaliseCardNumber } from '../cards';
import { currentTime } from '../clock/clock.repository';
import { findCustomer } from '../customers/customers.repository';
import { html, page, formatMoney } from '../pages/layout';
import { completePayment } from '../payments/payments';
import { completeCheckout, expireCheckoutSession } from '../subscriptions/lifecycle';
import { StripeApiError } from '../wire/errors';
import { promotionCodeForm } from '../promotions/promotion.page';
import { sessionDiscount } from '../promotions/session-offer';
import { findCheckoutSession, findPrice } from './checkout.repository';

/** The session's return URL with the provider's template filled in and, for failures, `error=<code>`. */
export function returnUrl(template: string, sessionId: string, error?: string): string {
  const url = new URL(template.replaceAll('{CHECKOUT_SESSION_ID}', sessionId));
  if (error) url.searchParams.set('error', error);
  return url.toString();
}

const TEST_CARDS: Array<[string, string]> = [
  ['4242 4242 4242 4242', 'Succeeds'],
  ['4000 0000 0000 0002', 'Declined (card_declined)'],
  ['4000 0000 0000 9995', 'Insufficient funds (insufficient_funds)'],
  ['4000 0000 0000 0069', 'Expired card (expired_card)'],
  ['4000 0000 0000 0119', 'Processing error (payment_failed)'],
];

interface FormState {
  /** A promotion code typed on the page that cannot be used (allow_promotion_codes). */
  promotionError?: string;
  cardNumber?: string;
  expiry?: string;
  cvc?: string;
  cardName?: string;
  error?: string;
}

export function checkoutPage(
  session: CheckoutSession,
  price: Price,
  email: string | null,
  form: FormState = {},
  discount = 0,
): string {
  const oneOff = session.mode === 'payment';
  const full = formatMoney(price.unit_amount * session.quantity, price.currency);
  // What is charged today: nothing during a trial, the first period less a promotion code otherwise.
  const amount = session.trial_period_days
    ? formatMoney(0, price.currency)
    : formatMoney(price.unit_amount * session.quantity - discount, price.currency);
  return page(
    `${oneOff ? 'Pay for' : 'Subscribe to'} ${price.product_name}`,
    html`<main>
      <section class="card" aria-label="Order summary">
        <p class="muted">${oneOff ? 'Pay for' : 'Subscribe to'}</p>
        <h1>${price.product_name}</h1>
        ${
          oneOff
            ? html`<p class="price">${full}</p>
                <p class="muted">One payment.</p>`
            : html`<p class="price">${full} <span class="muted">per ${price.interval}</span></p>
                <p class="muted">Billed ${price.interval}ly. Cancel any time.</p>`
        }
        ${
          session.trial_period_days
            ? html`<p>${session.trial_period_days}-day free trial: ${amount} due today.</p>`
            : discount > 0
              ? html`<p>Discount: −${formatMoney(discount, price.currency)}. Due today: ${amount}.</p>`
              : ''
        }
        ${email ? html`<p class="muted">Account: ${email}</p>` : ''}
        <h2 style="margin-top:24px">Test cards</h2>
        <table>
          ${TEST_CARDS.map(
            ([n, what]) =>
              html`<tr>
                <td><code>${n}</code></td>
                <td>${what}</td>
              </tr>`,
          )}
        </table>
        <p class="muted">Any future expiry date and any 3-digit CVC.</p>
        ${promotionCodeForm(session, form.promotionError)}
      </section>
      <section class="card" aria-label="Payment">
        <h2>Pay with card</h2>
        <form method="post" action="/checkout/${session.id}">
          <label for="cardNumber">Card number</label>
          <input
            id="cardNumber"
            name="cardNumber"
            inputmode="numeric"
            autocomplete="cc-number"
            placeholder="1234 1234 1234 1234"
            value="${form.cardNumber ?? ''}"
            required
          />
          <div class="row">
            <div>
              <label for="expiry">Expiry (MM / YY)</label>
              <input
                id="expiry"
                name="expiry"
                autocomplete="cc-exp"
                placeholder="MM / YY"
                value="${form.expiry ?? ''}"
                required
              />
            </div>
            <div>
              <label for="cvc">CVC</label>
              <input
                id="cvc"
                name="cvc"
                inputmode="numeric"
                autocomplete="cc-csc"
                placeholder="123"
                value="${form.cvc ?? ''}"
                required
              />
            </div>
          </div>
          <label for="cardName">Name on card</label>
          <input id="cardName" name="cardName" autocomplete="cc-name" value="${form.cardName ?? ''}" />
          ${form.error ? html`<div class="error" role="alert">${form.error}</div>` : ''}
          <button type="submit">${oneOff ? 'Pay' : 'Subscribe'} — ${amount}</button>
        </form>
        <p class="muted" style="margin-top:16px">
          <a href="${returnUrl(session.cancel_url, session.id)}">Back to the shop</a>
        </p>
      </section>
    </main>`,
  );
}

function messagePage(title: string, message: string): string {
  return page(
    title,
    html`<main>
      <section class="card">
        <h1>${title}</h1>
        <p>${message}</p>
      </section>
    </main>`,
  );
}

/** Checks the typed card details; answers the first problem a person can fix, as the real form does. */
function cardFormError(cardNumber: string, expiry: string, cvc: string, now: number): string | undefined {
  if (!isPlausibleCardNumber(cardNumber)) return 'Your card number is incorrect.';
  const match = /^(\d{1,2})\s*\/\s*(\d{2}|\d{4})$/.exec(expiry.trim());
  if (!match) return "Your card's expiration date is incomplete.";
  const month = Number(match[1]);
  const year = match[2]!.length === 2 ? 2000 + Number(match[2]) : Number(match[2]);
  if (month < 1 || month > 12) return "Your card's expiration month is invalid.";
  if (Date.UTC(year, month, 1) / 1000 <= now) return "Your card's expiration date is in the past.";
  if (!/^\d{3,4}$/.test(cvc.trim())) return "Your card's security code is incomplete.";
  return undefined;
}

/** The hosted checkout page: plan, price and a card form; test cards decide the outcome. */
export function checkoutPages({ db, config, dispatcher, log }: Deps) {
  const app = new Hono();

  async function load(c: Context) {
    const session = await findCheckoutSession(db, c.req.param('id') ?? '');
    const price = session ? await findPrice(db, session.price_id) : undefined;
    return session && price ? { session, price } : undefined;
  }

  /** An open session past its expiry is expired now and the learner goes back with session_expired. */
  async function expiredRedirect(c: Context, session: CheckoutSession, now: number) {
    if (session.status === 'expired' || (session.status === 'open' && session.expires_at <= now)) {
      await db.transaction().execute((trx) => expireCheckoutSession(trx, session.id, now, config.PUBLIC_URL));
      dispatcher.kick();
      return c.redirect(returnUrl(session.cancel_url, session.id, 'session_expired'), 303);
    }
    return undefined;
  }

  app.get('/:id', async (c) => {
    const found = await load(c);
    if (!found) return c.html(messagePage('Checkout not found', 'This checkout link is not valid.'), 404);
    const { session, price } = found;
    if (session.status === 'complete') return c.redirect(returnUrl(session.success_url, session.id), 303);
    const expired = await expiredRedirect(c, session, await currentTime(db));
    if (expired) return expired;
    const customer = await findCustomer(db, session.customer);
    return c.html(
      checkoutPage(session, price, customer?.email ?? null, {}, await sessionDiscount(db, session, price)),
    );
  });

  app.post('/:id', async (c) => {
    const found = await load(c);
    if (!found) return c.html(messagePage('Checkout not found', 'This checkout link is not valid.'), 404);
    const { session, price } = found;
    if (session.status === 'complete') return c.redirect(returnUrl(session.success_url, session.id), 303);
    const now = await currentTime(db);
    const expired = await expiredRedirect(c, session, now);
    if (expired) return expired;

    const body = await c.req.parseBody();
    const form: FormState = {
      cardNumber: String(body.cardNumber ?? ''),
      expiry: String(body.expiry ?? ''),
      cvc: String(body.cvc ?? ''),
      cardName: String(body.cardName ?? ''),
    };
    const cardNumber = normaliseCardNumber(form.cardNumber ?? '');
    const problem = cardFormError(
      cardNumber,
      form.expiry ?? '',
      form.cvc ?? '',
      Math.floor(Date.now() / 1000),
    );
    const customer = await findCustomer(db, session.customer);
    if (problem)
      return c.html(
        checkoutPage(
          session,
          price,
          customer?.email ?? null,
          { ...form, error: problem },
          await sessionDiscount(db, session, price),
        ),
        400,
      );

    // A trial only saves the card (nothing is charged until it ends).
    const outcome = session.trial_period_days ? attachCard(cardNumber) : chargeCard(cardNumber);
    if (!outcome.ok) {
      log.info({ session: session.id, code: outcome.code }, 'checkout payment failed');
      return c.redirect(returnUrl(session.cancel_url, session.id, outcome.code), 303);
    }

    let completed: boolean;
    try {
      completed = await db.transaction().execute(async (trx) => {
        const locked = await findCheckoutSession(trx, session.id, { lock: true });
        if (!locked || locked.status !== 'open') return false; // a double submit: the first one won
        if (locked.mode === 'payment') await completePayment(trx, locked, cardNumber, now, config.PUBLIC_URL);
        else await completeCheckout(trx, locked, cardNumber, now, config.PUBLIC_URL);
        return true;
      });
    } catch (error) {
      // The session's promotion code was used up (or ended) while the page was open: nothing was charged.
      if (!(error instanceof StripeApiError)) throw error;
      log.info({ session: session.id, err: error.message }, 'checkout refused at completion');
      return c.redirect(returnUrl(session.cancel_url, session.id, error.code ?? 'payment_failed'), 303);
    }
    if (completed) dispatcher.kick();
    return c.redirect(returnUrl(session.success_url, session.id), 303);
  });

  return app;
}
