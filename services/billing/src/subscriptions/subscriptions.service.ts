import type Stripe from 'stripe';
import {
  ADMIN_STATUS,
  ENTITLED_STATUSES,
  FREE_STATUS,
  PREMIUM_PLAN,
  type CheckoutSession,
  type Entitlement,
  type Identity,
  type PlanId,
  type SubscriptionStatus,
} from '@catalyst/contracts';
import { HttpError, conflict, notFound } from '@catalyst/service-kit';
import type { BillingContext } from '../context';
import type { Subscription } from '../db/tables/subscription';
import { idOf, isMissingResource, providerCall } from '../provider/stripe';
import { findCurrentSubscription, findCustomerByUser, lockKey, saveCustomer } from './subscriptions.repository';
import { syncAndNotify } from './subscriptions.sync';

const isEntitled = (sub: Subscription | undefined): sub is Subscription => !!sub && ENTITLED_STATUSES.includes(sub.status);

export function statusFromRow(sub: Subscription | undefined): SubscriptionStatus {
  if (!sub) return FREE_STATUS;
  const entitled = isEntitled(sub);
  return {
    hasSubscription: entitled,
    plan: entitled ? sub.plan : null,
    status: sub.status,
    currentPeriodEnd: sub.current_period_end ? sub.current_period_end.toISOString() : null,
    cancelAtPeriodEnd: entitled && sub.cancel_at_period_end,
  };
}

/** Admins are always subscribed, without a provider call (spec section 4). */
export async function subscriptionStatus(ctx: BillingContext, identity: Identity): Promise<SubscriptionStatus> {
  if (identity.role === 'admin') return ADMIN_STATUS;
  return statusFromRow(await findCurrentSubscription(ctx.db, identity.id));
}

export async function entitlementOf(ctx: BillingContext, userId: string): Promise<Entitlement> {
  const sub = await findCurrentSubscription(ctx.db, userId);
  return { entitled: isEntitled(sub), plan: isEntitled(sub) ? sub.plan : null, status: sub?.status ?? 'free' };
}

/** The user's provider customer, created once (serialised per user so two tabs never make two). */
async function ensureCustomer(ctx: BillingContext, identity: Identity, { replace = false } = {}): Promise<string> {
  return ctx.db.transaction().execute(async (trx) => {
    await lockKey(trx, `billing:customer:${identity.id}`);
    const existing = await findCustomerByUser(trx, identity.id);
    if (existing && !replace) return existing.stripe_customer_id;
    const customer = await providerCall(
      () => ctx.stripe.customers.create({ email: identity.email, name: identity.name, metadata: { userId: identity.id } }),
      ctx.log,
    );
    await saveCustomer(trx, { user_id: identity.id, stripe_customer_id: customer.id, email: identity.email });
    return customer.id;
  });
}

export async function createCheckoutSession(ctx: BillingContext, identity: Identity, plan: PlanId): Promise<CheckoutSession> {
  if (identity.role === 'admin') throw conflict('Admins already have full access');
  if (isEntitled(await findCurrentSubscription(ctx.db, identity.id))) throw conflict('You already have an active subscription');
  const base = ctx.config.PUBLIC_URL.replace(/\/+$/, '');
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = ctx.config.STRIPE_PRICE_PREMIUM
    ? { price: ctx.config.STRIPE_PRICE_PREMIUM, quantity: 1 }
    : {
        quantity: 1,
        price_data: {
          currency: PREMIUM_PLAN.currency,
          unit_amount: PREMIUM_PLAN.unitAmount,
          recurring: { interval: PREMIUM_PLAN.interval },
          product_data: { name: `Catalyst ${PREMIUM_PLAN.name}` },
        },
      };
  const create = (customer: string) =>
    providerCall(
      () =>
        ctx.stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: identity.id,
          line_items: [lineItem],
          success_url: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
          cancel_url: `${base}/subscription/cancel?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
          metadata: { userId: identity.id, plan },
          subscription_data: { metadata: { userId: identity.id, plan } },
        }),
      ctx.log,
    );
  let session: Stripe.Checkout.Session;
  try {
    session = await create(await ensureCustomer(ctx, identity));
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    // The provider forgot our customer (a reset sandbox, another account's key): make a new one once.
    ctx.log.warn({ userId: identity.id }, 'provider customer missing; creating a new one');
    session = await create(await ensureCustomer(ctx, identity, { replace: true }));
  }
  if (!session.url) throw new HttpError(503, 'The payment provider did not return a checkout address. Please try again.');
  return { url: session.url, sessionId: session.id };
}

/**
 * The success page's session, confirmed with the provider: when it is paid, the subscription is mirrored
 * now, so activation never waits on webhook delivery. Someone else's session is not found.
 */
export async function confirmCheckoutSession(ctx: BillingContext, identity: Identity, sessionId: string, requestId?: string) {
  if (identity.role === 'admin') return ADMIN_STATUS;
  let session: Stripe.Checkout.Session;
  try {
    session = await providerCall(() => ctx.stripe.checkout.sessions.retrieve(sessionId), ctx.log);
  } catch (error) {
    if (isMissingResource(error) || (error instanceof HttpError && error.status === 400)) throw notFound('Checkout session not found');
    throw error;
  }
  const customer = await findCustomerByUser(ctx.db, identity.id);
  const owned =
    session.client_reference_id === identity.id ||
    session.metadata?.userId === identity.id ||
    (customer !== undefined && idOf(session.customer) === customer.stripe_customer_id);
  if (!owned) throw notFound('Checkout session not found');
  const subscriptionId = idOf(session.subscription);
  if (session.status === 'complete' && subscriptionId) await syncAndNotify(ctx, subscriptionId, identity.id, requestId);
  return subscriptionStatus(ctx, identity);
}

/** Cancel at period end (true) or undo it (false); the provider is the truth, the mirror follows. */
export async function setCancelAtPeriodEnd(ctx: BillingContext, identity: Identity, cancel: boolean, requestId?: string) {
  if (identity.role === 'admin') throw conflict('Admins have no subscription to change');
  const current = await findCurrentSubscription(ctx.db, identity.id);
  if (!isEntitled(current)) throw notFound('No active subscription found');
  if (current.cancel_at_period_end !== cancel) {
    try {
      await providerCall(() => ctx.stripe.subscriptions.update(current.stripe_subscription_id, { cancel_at_period_end: cancel }), ctx.log);
    } catch (error) {
      if (isMissingResource(error)) throw notFound('No active subscription found');
      throw error;
    }
  }
  await syncAndNotify(ctx, current.stripe_subscription_id, identity.id, requestId);
  return subscriptionStatus(ctx, identity);
}

export async function createPortalSession(ctx: BillingContext, identity: Identity): Promise<{ url: string }> {
  const customer = identity.role === 'admin' ? undefined : await findCustomerByUser(ctx.db, identity.id);
  if (!customer) throw notFound('No billing account found. Subscribe first.');
  try {
    const session = await providerCall(
      () =>
        ctx.stripe.billingPortal.sessions.create({
          customer: customer.stripe_customer_id,
          return_url: `${ctx.config.PUBLIC_URL.replace(/\/+$/, '')}/subscription`,
        }),
      ctx.log,
    );
    return { url: session.url };
  } catch (error) {
    if (isMissingResource(error)) throw notFound('No billing account found. Subscribe first.');
    throw error;
  }
}
