import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import {
  ADMIN_STATUS,
  INVOICE_LIST_LIMIT,
  OFFLINE_LICENCE_HOURS,
  type BillingInterval,
  authMessages,
  giftMessages,
  subscriptionMessages,
  type CheckoutSession,
  type Identity,
  type Invoice,
  type PlanId,
  type SubscriptionStatus,
  type subscriptionRoutes,
} from '@catalyst/contracts';
import {
  HttpError,
  conflict,
  forbidden,
  metrics,
  notFound,
  reply,
  type RouteHandlers,
} from '@catalyst/service-kit';
import type { Database } from '../db/schema';
import type { Subscription } from '../db/tables/subscription';
import type { Deps } from '../deps';
import { openBillingPortal } from '../account/billing-portal';
import { idOf, isMissingResource, providerCall, subscriptionValuesOf } from '../provider/stripe';
import { checkoutOffer } from '../plans/checkout-offer';
import { withPlanTerms } from '../plans/plan-status';
import { mirrorPlan, screenTrial } from '../plans/sync';
import { withCodeHold } from '../promotions/holds';
import { pastDueGrace } from '../recovery/grace';
import { isTeamSubscription, syncTeamSubscription } from '../teams/team-sync';
import { hasActiveSeat } from '../teams/teams.repository';
import type { Team } from '../db/tables/team';
import {
  findCurrentSubscription,
  findCustomerByProviderId,
  findCustomerByUser,
  isEntitled,
  lockKey,
  saveCustomer,
  saveCustomerIfAbsent,
  statusFromRow,
  upsertSubscription,
} from './subscriptions.repository';

/**
 * Mirrors one subscription from a fresh read of the provider, never from an event's payload, so the
 * order in which events arrive cannot regress the state. Reads of one subscription are serialised
 * (advisory lock held until the caller's transaction ends): the last writer always read last.
 */
export async function syncSubscription(
  deps: Pick<Deps, 'stripe' | 'log' | 'config'>,
  trx: Kysely<Database>,
  subscriptionId: string,
  userIdHint?: string | null,
): Promise<Subscription | null> {
  await lockKey(trx, `billing:subscription:${subscriptionId}`);
  let sub: Stripe.Subscription;
  try {
    sub = await providerCall(() => deps.stripe.subscriptions.retrieve(subscriptionId), deps.log);
  } catch (error) {
    if (!isMissingResource(error)) throw error;
    deps.log.warn({ subscription: subscriptionId }, 'provider does not know this subscription; ignored');
    return null;
  }
  // A team's seats are nobody's personal plan: the team follows the provider instead.
  if (isTeamSubscription(sub)) {
    await syncTeamSubscription(trx, sub);
    return null;
  }
  const customerId = idOf(sub.customer);
  if (!customerId) return null;
  const mapping = await findCustomerByProviderId(trx, customerId);
  const userId = mapping?.user_id ?? userIdHint ?? sub.metadata?.userId ?? null;
  if (!userId) {
    deps.log.warn(
      { subscription: subscriptionId, customer: customerId },
      'subscription of an unknown customer; ignored',
    );
    return null;
  }
  if (!mapping)
    await saveCustomerIfAbsent(trx, { user_id: userId, stripe_customer_id: customerId, email: null });
  sub = await screenTrial(deps, trx, sub, userId);
  const row = await upsertSubscription(trx, {
    stripe_subscription_id: sub.id,
    user_id: userId,
    stripe_customer_id: customerId,
    plan: 'premium',
    ...subscriptionValuesOf(sub),
    ...(await pastDueGrace(deps, trx, sub)),
  });
  await mirrorPlan(trx, sub, row);
  return row;
}

/** Syncs in its own transaction, then tells the entitlement caches. */
export async function syncAndNotify(
  deps: Deps,
  subscriptionId: string,
  userIdHint?: string | null,
  requestId?: string,
) {
  const row = await deps.db
    .transaction()
    .execute((trx) => syncSubscription(deps, trx, subscriptionId, userIdHint));
  if (row) await deps.invalidations.publish('entitlement', row.user_id, requestId);
  return row;
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

const INVOICE_STATUSES: ReadonlySet<string> = new Set(['draft', 'open', 'paid', 'uncollectible', 'void']);

/** The provider's invoice as the profile shows it: what was paid (or is due), when, and its hosted receipt. */
function toInvoice(invoice: Stripe.Invoice): Invoice {
  const paid = invoice.status === 'paid';
  const status = invoice.status && INVOICE_STATUSES.has(invoice.status) ? invoice.status : 'open';
  return {
    id: invoice.id ?? '',
    date: new Date(invoice.created * 1000).toISOString(),
    amount: (paid ? invoice.amount_paid : invoice.amount_due) / 100,
    currency: invoice.currency,
    status: status as Invoice['status'],
    receiptUrl: invoice.hosted_invoice_url ?? null,
  };
}

/** Premium from a team seat, as the subscription page reads it. */
const teamStatus = (team: Team): SubscriptionStatus => ({
  hasSubscription: true,
  plan: 'premium',
  status: 'active',
  currentPeriodEnd: team.current_period_end ? team.current_period_end.toISOString() : null,
  cancelAtPeriodEnd: false,
  team: true,
});

/**
 * /subscription/*: the signed-in user's plan (every route needs a sign-in: the declarations say so). The
 * provider is the truth for what changes; the mirror follows it.
 */
export function createSubscriptionHandlers(deps: Deps): RouteHandlers<typeof subscriptionRoutes> {
  /** Admins are always subscribed, without a provider call (spec section 4). */
  async function subscriptionStatus(identity: Identity): Promise<SubscriptionStatus> {
    if (identity.role === 'admin') return ADMIN_STATUS;
    const row = await findCurrentSubscription(deps.db, identity.id);
    const team = isEntitled(row) ? undefined : await hasActiveSeat(deps.db, identity.id);
    if (team) return teamStatus(team);
    return withPlanTerms(deps.db, statusFromRow(row), row);
  }

  /** The user's provider customer, created once (serialised per user so two tabs never make two). */
  async function ensureCustomer(identity: Identity, { replace = false } = {}): Promise<string> {
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
      await saveCustomer(trx, {
        user_id: identity.id,
        stripe_customer_id: customer.id,
        email: identity.email,
      });
      return customer.id;
    });
  }

  async function openCheckoutSession(
    identity: Identity,
    body: { plan: PlanId; interval?: BillingInterval; code?: string; trial?: boolean },
  ): Promise<CheckoutSession> {
    const { plan } = body;
    if (identity.role === 'admin') throw conflict('Admins already have full access');
    if (isEntitled(await findCurrentSubscription(deps.db, identity.id)))
      throw conflict('You already have an active subscription');
    const base = deps.config.PUBLIC_URL.replace(/\/+$/, '');
    // Monthly or annual, the trial for a first-timer, a promotion code (refused here, before any checkout).
    const offer = await checkoutOffer(deps, identity, body);
    const createSession = (customer: string) =>
      providerCall(
        () =>
          deps.stripe.checkout.sessions.create({
            mode: 'subscription',
            customer,
            client_reference_id: identity.id,
            ...offer.params,
            success_url: `${base}/subscription/success?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
            cancel_url: `${base}/subscription/cancel?session_id={CHECKOUT_SESSION_ID}&plan=${plan}`,
            metadata: { userId: identity.id, plan, ...offer.metadata },
            subscription_data: {
              metadata: { userId: identity.id, plan, ...offer.metadata },
              ...(offer.trialDays ? { trial_period_days: offer.trialDays } : {}),
            },
          }),
        deps.log,
      );
    // A code: the person's one open checkout with it (an older one is expired).
    const create = (customer: string) =>
      offer.codeId
        ? withCodeHold(deps, identity.id, offer.codeId, () => createSession(customer))
        : createSession(customer);
    let session: Stripe.Checkout.Session;
    try {
      session = await create(await ensureCustomer(identity));
    } catch (error) {
      if (!isMissingResource(error)) throw error;
      // The provider forgot our customer (a reset sandbox, another account's key): make a new one once.
      deps.log.warn({ userId: identity.id }, 'provider customer missing; creating a new one');
      session = await create(await ensureCustomer(identity, { replace: true }));
    }
    if (!session.url)
      throw new HttpError(503, 'The payment provider did not return a checkout address. Please try again.');
    return { url: session.url, sessionId: session.id };
  }

  /**
   * The success page's session, confirmed with the provider: when it is paid, the subscription is mirrored
   * now, so activation never waits on webhook delivery. Someone else's session is not found.
   */
  async function confirmCheckoutSession(identity: Identity, sessionId: string, requestId?: string) {
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
    return subscriptionStatus(identity);
  }

  /** Cancel at period end (true) or undo it (false); the provider is the truth, the mirror follows. */
  async function setCancelAtPeriodEnd(identity: Identity, cancel: boolean, requestId?: string) {
    if (identity.role === 'admin') throw conflict('Admins have no subscription to change');
    const current = await findCurrentSubscription(deps.db, identity.id);
    if (!isEntitled(current)) throw notFound('No active subscription found');
    if (current.source === 'gift') throw conflict(giftMessages.notAPlan);
    if (current.cancel_at_period_end !== cancel) {
      try {
        await providerCall(
          () =>
            deps.stripe.subscriptions.update(current.stripe_subscription_id, {
              cancel_at_period_end: cancel,
            }),
          deps.log,
        );
      } catch (error) {
        if (isMissingResource(error)) throw notFound('No active subscription found');
        throw error;
      }
    }
    await syncAndNotify(deps, current.stripe_subscription_id, identity.id, requestId);
    return subscriptionStatus(identity);
  }

  return {
    async createCheckoutSession({ identity, body }) {
      // A throw-away address cannot buy a plan: the account proves its address first.
      if (identity.emailVerified === false) throw forbidden(authMessages.verifyToSubscribe);
      // Operators watch checkouts_total: started here, completed by the provider's webhook, failed when none could be opened.
      metrics.checkouts.inc({ stage: 'started' });
      try {
        return await openCheckoutSession(identity, body);
      } catch (error) {
        if (!(error instanceof HttpError) || error.status >= 500) metrics.checkouts.inc({ stage: 'failed' });
        throw error;
      }
    },

    /** With ?session_id= (the success page) the session is confirmed first; a stale or foreign id is ignored. */
    async status({ identity, query, requestId, log }) {
      const sessionId = query.session_id;
      if (sessionId) {
        try {
          return await confirmCheckoutSession(identity, sessionId, requestId);
        } catch (error) {
          if (!(error instanceof HttpError)) throw error;
          log.warn({ sessionId, status: error.status, err: error.message }, 'checkout confirmation skipped');
        }
      }
      return withOfflineLicence(await subscriptionStatus(identity), identity);
    },

    confirm: ({ identity, body, requestId }) => confirmCheckoutSession(identity, body.sessionId, requestId),

    async cancel({ identity, requestId }) {
      return reply(await setCancelAtPeriodEnd(identity, true, requestId), {
        message: subscriptionMessages.canceled,
      });
    },

    async reactivate({ identity, requestId }) {
      return reply(await setCancelAtPeriodEnd(identity, false, requestId), {
        message: subscriptionMessages.reactivated,
      });
    },

    portal: ({ identity }) => openBillingPortal(deps, identity, '/subscription'),

    /**
     * The user's invoices and receipts, newest first, read from the provider (the one place they live). No
     * billing account yet (never subscribed, or an admin) is an empty list, as is a customer the provider forgot.
     */
    async invoices({ identity }) {
      const customer = identity.role === 'admin' ? undefined : await findCustomerByUser(deps.db, identity.id);
      if (!customer) return [];
      try {
        const page = await providerCall(
          () =>
            deps.stripe.invoices.list({ customer: customer.stripe_customer_id, limit: INVOICE_LIST_LIMIT }),
          deps.log,
        );
        return page.data.map(toInvoice);
      } catch (error) {
        if (isMissingResource(error)) return [];
        throw error;
      }
    },
  };
}
