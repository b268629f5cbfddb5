import type Stripe from 'stripe';
import {
  ADMIN_STATUS,
  ENTITLED_STATUSES,
  FREE_STATUS,
  OFFLINE_LICENCE_HOURS,
  PREMIUM_PLAN,
  type CheckoutSession,
  type Entitlement,
  type Identity,
  type PlanId,
  type SubscriptionStatus,
} from '@catalyst/contracts';
import { HttpError, conflict, metrics, notFound } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import type { Subscription } from '../db/tables/subscription';
import { idOf, isMissingResource, providerCall } from '../provider/stripe';
import {
  findCurrentSubscription,
  findCurrentSubscriptions,
  findCustomerByUser,
  lockKey,
  saveCustomer,
} from './subscriptions.repository';
import { syncAndNotify } from './subscriptions.sync';

const isEntitled = (sub: Subscription | undefined): sub is Subscription =>
  !!sub && ENTITLED_STATUSES.includes(sub.status);

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

/**
 * The status with the caller's offline licence: saved premium lessons play until the paid period ends (a
 * period already past, while the provider still grants access, counts as none), at most
 * OFFLINE_LICENCE_HOURS from now; none (the field left out) without a plan.
 */
export function withOfflineLicence(
  status: SubscriptionStatus,
  identity: Identity,
  now = Date.now(),
): SubscriptionStatus {
  if (!status.hasSubscription) return status;
  const longest = now + OFFLINE_LICENCE_HOURS * 3_600_000;
  const periodEnd = status.currentPeriodEnd ? Date.parse(status.currentPeriodEnd) : NaN;
  const expiresAt = periodEnd > now ? Math.min(periodEnd, longest) : longest;
  return { ...status, offlineLicence: { userId: identity.id, expiresAt: new Date(expiresAt).toISOString() } };
}

/** Admins are always subscribed, without a provider call (spec section 4). */
export async function subscriptionStatus(deps: Deps, identity: Identity): Promise<SubscriptionStatus> {
  if (identity.role === 'admin') return ADMIN_STATUS;
  return statusFromRow(await findCurrentSubscription(deps.db, identity.id));
}

export async function entitlementOf(deps: Deps, userId: string): Promise<Entitlement> {
  const sub = await findCurrentSubscription(deps.db, userId);
  return {
    entitled: isEntitled(sub),
    plan: isEntitled(sub) ? sub.plan : null,
    status: sub?.status ?? 'free',
  };
}

/** Several users' plans at once (the admin users list): a user billing never saw is on the free plan. */
export async function plansOf(deps: Deps, userIds: string[]) {
  const current = new Map(
    (await findCurrentSubscriptions(deps.db, userIds)).map((sub) => [sub.user_id, sub] as const),
  );
  return userIds.map((userId) => {
    const sub = current.get(userId);
    return {
      userId,
      plan: isEntitled(sub) ? ('premium' as const) : ('free' as const),
      status: sub?.status ?? ('free' as const),
    };
  });
}

/** The user's provider customer, created once (serialised per user so two tabs never make two). */
async function ensureCustomer(deps: Deps, identity: Identity, { replace = false } = {}): Promise<string> {
  return deps.db.transaction().execute(async (trx) => {
    await lockKey(trx, `billing:customer:${identity.id}`);
    const existing = await findCustomerByUser(trx, identity.id);
    if (existing && !replace) return existing.stripe_customer_id;
    const customer = await providerCall(
      () =>
        deps.stripe.customers.create({
          email: identity.email,
          name: identity.name,
          metadata: { userId: identity.id },
        }),
      deps.log,
    );
    await saveCustomer(trx, { user_id: identity.id, stripe_customer_id: customer.id, email: identity.email });
    return customer.id;
  });
}

export async function createCheckoutSession(
  deps: Deps,
  identity: Identity,
  plan: PlanId,
): Promise<CheckoutSession> {
  // Operators watch checkouts_total: started here, completed by the provider's webhook, failed when none could be opened.
  metrics.checkouts.inc({ stage: 'started' });
  try {
    return await openCheckoutSession(deps, identity, plan);
  } catch (error) {
    if (!(error instanceof HttpError) || error.status >= 500) metrics.checkouts.inc({ stage: 'failed' });
    throw error;
  }
}

async function openCheckoutSession(deps: Deps, identity: Identity, plan: PlanId): Promise<CheckoutSession> {
  if (identity.role === 'admin') throw conflict('Admins already have full access');
  if (isEntitled(await findCurrentSubscription(deps.db, identity.id)))
    throw conflict('You already have an active subscription');
  const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
  const lineItem: Stripe.Checkout.SessionCreateParams.LineItem = deps.config.STRIPE_PRICE_PREMIUM
    ? { price: deps.config.STRIPE_PRICE_PREMIUM, quantity: 1 }
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
        deps.stripe.checkout.sessions.create({
          mode: 'subscription',
          customer,
          client_reference_id: identity.id,
          line_items: [lineItem],
          success_url: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
          cancel_url: `${base}/subscription/cancel?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
          metadata: { userId: identity.id, plan },
          subscription_data: { metadata: { userId: identity.id, plan } },
        }),
      deps.log,
    );
  let session: Stripe.Checkout.Session;
  try {
    session = await create(await ensureCustomer(deps, identity));
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    // The provider forgot our customer (a reset sandbox, another account's key): make a new one once.
    deps.log.warn({ userId: identity.id }, 'provider customer missing; creating a new one');
    session = await create(await ensureCustomer(deps, identity, { replace: true }));
  }
  if (!session.url)
    throw new HttpError(503, 'The payment provider did not return a checkout address. Please try again.');
  return { url: session.url, sessionId: session.id };
}

/**
 * The success page's session, confirmed with the provider: when it is paid, the subscription is mirrored
 * now, so activation never waits on webhook delivery. Someone else's session is not found.
 */
export async function confirmCheckoutSession(
  deps: Deps,
  identity: Identity,
  sessionId: string,
  requestId?: string,
) {
  if (identity.role === 'admin') return ADMIN_STATUS;
  let session: Stripe.Checkout.Session;
  try {
    session = await providerCall(() => deps.stripe.checkout.sessions.retrieve(sessionId), deps.log);
  } catch (error) {
    if (isMissingResource(error) || (error instanceof HttpError && error.status === 400))
      throw notFound('Checkout session not found');
    throw error;
  }
  const customer = await findCustomerByUser(deps.db, identity.id);
  const owned =
    session.client_reference_id === identity.id ||
    session.metadata?.userId === identity.id ||
    (customer !== undefined && idOf(session.customer) === customer.stripe_customer_id);
  if (!owned) throw notFound('Checkout session not found');
  const subscriptionId = idOf(session.subscription);
  if (session.status === 'complete' && subscriptionId)
    await syncAndNotify(deps, subscriptionId, identity.id, requestId);
  return subscriptionStatus(deps, identity);
}

/** Cancel at period end (true) or undo it (false); the provider is the truth, the mirror follows. */
export async function setCancelAtPeriodEnd(
  deps: Deps,
  identity: Identity,
  cancel: boolean,
  requestId?: string,
) {
  if (identity.role === 'admin') throw conflict('Admins have no subscription to change');
  const current = await findCurrentSubscription(deps.db, identity.id);
  if (!isEntitled(current)) throw notFound('No active subscription found');
  if (current.cancel_at_period_end !== cancel) {
    try {
      await providerCall(
        () =>
          deps.stripe.subscriptions.update(current.stripe_subscription_id, { cancel_at_period_end: cancel }),
        deps.log,
      );
    } catch (error) {
      if (isMissingResource(error)) throw notFound('No active subscription found');
      throw error;
    }
  }
  await syncAndNotify(deps, current.stripe_subscription_id, identity.id, requestId);
  return subscriptionStatus(deps, identity);
}

export async function createPortalSession(deps: Deps, identity: Identity): Promise<{ url: string }> {
  const customer = identity.role === 'admin' ? undefined : await findCustomerByUser(deps.db, identity.id);
  if (!customer) throw notFound('No billing account found. Subscribe first.');
  try {
    const session = await providerCall(
      () =>
        deps.stripe.billingPortal.sessions.create({
          customer: customer.stripe_customer_id,
          return_url: `${deps.config.PUBLIC_URL.replace(/\/+$/, '')}/subscription`,
        }),
      deps.log,
    );
    return { url: session.url };
  } catch (error) {
    if (isMissingResource(error)) throw notFound('No billing account found. Subscribe first.');
    throw error;
  }
}
