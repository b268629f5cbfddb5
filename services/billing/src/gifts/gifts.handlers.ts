import type Stripe from 'stripe';
import {
  GIFT_UNIT_AMOUNT_PER_MONTH,
  PREMIUM_PLAN,
  authMessages,
  giftMessages,
  type Identity,
  type adminBillingRoutes,
  type giftRoutes,
} from '@catalyst/contracts';
import {
  HttpError,
  callerLanguage,
  conflict,
  forbidden,
  notFound,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { idOf, isMissingResource, providerCall } from '../provider/stripe';
import { findCustomerByUser } from '../subscriptions/subscriptions.repository';
import { newGiftCode } from './codes';
import { sendDueGiftMails, sendGiftReceipt } from './gift-mail';
import {
  findGiftById,
  findGiftByCode,
  findGiftBySession,
  insertGift,
  listGifts,
  listGiftsOfBuyer,
  markGiftPaid,
  toAdminGift,
  toGiftView,
  updateGift,
} from './gifts.repository';
import { redeemGift } from './redeem';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * A gift's checkout session, confirmed with the provider: paid once → the gift is paid, the buyer's receipt
 * goes out and, when its day has come, the recipient's e-mail. Safe to call twice (the success page and the
 * webhook): only the caller that marks it paid sends anything.
 */
export async function confirmGiftSession(deps: Deps, session: Stripe.Checkout.Session) {
  const gift = await findGiftBySession(deps.db, session.id);
  if (!gift) return undefined;
  if (gift.status !== 'pending' || session.status !== 'complete' || session.payment_status !== 'paid')
    return gift;
  const paid = await markGiftPaid(deps.db, gift.id, idOf(session.payment_intent));
  if (!paid) return (await findGiftById(deps.db, gift.id)) ?? gift;
  await sendGiftReceipt(deps, paid);
  if (paid.delivery === 'email') await sendDueGiftMails(deps);
  return (await findGiftById(deps.db, gift.id)) ?? paid;
}

export function createGiftHandlers(deps: Deps): RouteHandlers<typeof giftRoutes> {
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');

  async function checkoutCustomer(identity: Identity) {
    const customer = await findCustomerByUser(deps.db, identity.id);
    return customer ? { customer: customer.stripe_customer_id } : { customer_email: identity.email };
  }

  return {
    async checkout({ identity, body }, c) {
      if (identity.emailVerified === false) throw forbidden(authMessages.verifyToSubscribe);
      const sendOn = body.sendOn ?? today();
      const latest = new Date();
      latest.setUTCFullYear(latest.getUTCFullYear() + 1);
      if (sendOn < today() || sendOn > latest.toISOString().slice(0, 10) || Number.isNaN(Date.parse(sendOn)))
        throw new HttpError(400, giftMessages.sendOn, [{ field: 'sendOn', message: giftMessages.sendOn }]);
      const amount = GIFT_UNIT_AMOUNT_PER_MONTH * body.months;
      const gift = await insertGift(deps.db, {
        code: newGiftCode(),
        buyer_user_id: identity.id,
        buyer_name: identity.name || identity.email,
        buyer_email: identity.email,
        buyer_language: callerLanguage(identity, c),
        months: body.months,
        amount,
        currency: PREMIUM_PLAN.currency,
        recipient_name: body.recipientName,
        recipient_email: body.delivery === 'email' ? (body.recipientEmail ?? null) : null,
        delivery: body.delivery,
        send_on: sendOn,
        message: body.message ?? null,
        status: 'pending',
        checkout_session_id: null,
        payment_intent: null,
        invoice_id: null,
        receipt_sent_at: null,
        sent_at: null,
        redeemed_by: null,
        redeemed_at: null,
        refunded_at: null,
      });
      const session = await providerCall(
        async () =>
          deps.stripe.checkout.sessions.create({
            mode: 'payment',
            ...(await checkoutCustomer(identity)),
            client_reference_id: identity.id,
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: PREMIUM_PLAN.currency,
                  unit_amount: amount,
                  product_data: { name: `Catalyst Premium gift: ${body.months} months` },
                },
              },
            ],
            success_url: `${base}/gift?purchased={CHECKOUT_SESSION_ID}`,
            cancel_url: `${base}/gift?canceled={CHECKOUT_SESSION_ID}`,
            metadata: { giftId: gift.id, userId: identity.id },
          }),
        deps.log,
      );
      await updateGift(deps.db, gift.id, { checkout_session_id: session.id });
      if (!session.url)
        throw new HttpError(503, 'The payment provider did not return a checkout address. Please try again.');
      return { url: session.url, sessionId: session.id };
    },

    async confirm({ identity, body }) {
      const gift = await findGiftBySession(deps.db, body.sessionId);
      if (!gift || gift.buyer_user_id !== identity.id) throw notFound('Gift not found');
      let session: Stripe.Checkout.Session;
      try {
        session = await providerCall(() => deps.stripe.checkout.sessions.retrieve(body.sessionId), deps.log);
      } catch (error) {
        if (isMissingResource(error)) throw notFound('Gift not found');
        throw error;
      }
      const confirmed = (await confirmGiftSession(deps, session)) ?? gift;
      return toGiftView(confirmed, deps.config.PUBLIC_URL);
    },

    async mine({ identity }) {
      return (await listGiftsOfBuyer(deps.db, identity.id)).map((g) => toGiftView(g, deps.config.PUBLIC_URL));
    },

    async preview({ params }) {
      const gift = await findGiftByCode(deps.db, params.code);
      if (!gift || gift.status === 'pending') throw notFound(giftMessages.notFound);
      return {
        months: gift.months,
        fromName: gift.buyer_name,
        recipientName: gift.recipient_name,
        message: gift.message,
        status: gift.status,
      };
    },

    redeem: ({ identity, params }) => redeemGift(deps, identity, params.code),
  };
}

export function createAdminGiftHandlers(
  deps: Deps,
): Pick<RouteHandlers<typeof adminBillingRoutes>, 'gifts' | 'refundGift'> {
  return {
    gifts: async () => (await listGifts(deps.db)).map(toAdminGift),

    /** Before redemption only: the payment goes back and the code stops working, in one transaction. */
    async refundGift({ params }) {
      const refunded = await deps.db.transaction().execute(async (trx) => {
        const gift = await findGiftById(trx, params.id, { lock: true });
        if (!gift) throw notFound('Gift not found');
        if (gift.status !== 'paid' || !gift.payment_intent) throw conflict(giftMessages.notRefundable);
        const paymentIntent = gift.payment_intent;
        await providerCall(
          () =>
            deps.stripe.refunds.create(
              { payment_intent: paymentIntent },
              { idempotencyKey: `catalyst-gift-refund-${gift.id}` },
            ),
          deps.log,
        );
        return updateGift(trx, gift.id, { status: 'refunded', refunded_at: new Date() });
      });
      return toAdminGift(refunded);
    },
  };
}
