import type Stripe from 'stripe';
import {
  TRIAL_DAYS,
  type BillingInterval,
  type Identity,
  type PlanChangePreview,
  type planRoutes,
} from '@catalyst/contracts';
import { conflict, notFound, reply, type RouteHandlers } from '@catalyst/service-kit';
import type { Deps } from '../deps';
import { isMissingResource, providerCall } from '../provider/stripe';
import { discountOffer, usableCode } from '../promotions/codes';
import { syncAndNotify } from '../subscriptions/subscriptions.handlers';
import {
  findCurrentSubscription,
  isEntitled,
  statusFromRow,
} from '../subscriptions/subscriptions.repository';
import { withPlanTerms } from './plan-status';
import { clearScheduledInterval, findPlanTerms, neverSubscribed, scheduleInterval } from './plans.repository';
import { planOf, priceIdFor } from './prices';

const iso = (seconds: number) => new Date(seconds * 1000).toISOString();
const longDate = (seconds: number) =>
  new Date(seconds * 1000).toLocaleDateString('en-US', {
    month: 'long',
    day: 'numeric',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** /subscription/offer and /subscription/plan-change: what a person may buy, and monthly ↔ annual. */
export function createPlanHandlers(deps: Deps): RouteHandlers<typeof planRoutes> {
  /** The caller's live provider subscription and its plan terms; a 404 or 409 when there is nothing to switch. */
  async function switchable(identity: Identity, interval: BillingInterval) {
    const row = identity.role === 'admin' ? undefined : await findCurrentSubscription(deps.db, identity.id);
    if (!isEntitled(row) || row.source === 'gift') throw notFound('No active subscription found');
    const terms = await findPlanTerms(deps.db, row.stripe_subscription_id);
    const current = terms?.interval ?? 'month';
    if (row.status === 'trialing') throw conflict('Your plan can change once your free trial has ended.');
    if (current === interval && !terms?.scheduled_interval)
      throw conflict(`You are already on the ${interval === 'year' ? 'annual' : 'monthly'} plan.`);
    let sub: Stripe.Subscription;
    try {
      sub = await providerCall(
        () => deps.stripe.subscriptions.retrieve(row.stripe_subscription_id),
        deps.log,
      );
    } catch (error) {
      if (isMissingResource(error)) throw notFound('No active subscription found');
      throw error;
    }
    return { row, terms, current, sub, item: sub.items.data[0]! };
  }

  async function preview(identity: Identity, interval: BillingInterval): Promise<PlanChangePreview> {
    const { sub, item, current } = await switchable(identity, interval);
    const plan = planOf(interval);
    // Annual → monthly waits for the renewal: nothing is charged now.
    if (interval === 'month' || current === interval)
      return {
        interval,
        effective: 'renewal',
        effectiveAt: iso(item.current_period_end),
        price: plan.price,
        credit: 0,
        amountDue: 0,
        currency: plan.currency,
      };
    const upcoming = await providerCall(
      async () =>
        deps.stripe.invoices.createPreview({
          customer: String(sub.customer),
          subscription: sub.id,
          subscription_details: {
            items: [{ id: item.id, price: await priceIdFor(deps, interval) }],
            proration_behavior: 'always_invoice',
          },
        }),
      deps.log,
    );
    const credit = -upcoming.lines.data
      .filter((line) => line.amount < 0)
      .reduce((sum, line) => sum + line.amount, 0);
    return {
      interval,
      effective: 'now',
      effectiveAt: new Date().toISOString(),
      price: plan.price,
      credit: credit / 100,
      amountDue: upcoming.amount_due / 100,
      currency: upcoming.currency,
    };
  }

  return {
    async offer({ identity, query }) {
      const trial = identity.role !== 'admin' && (await neverSubscribed(deps.db, identity.id));
      const code = query.code ? await usableCode(deps.db, identity.id, query.code) : undefined;
      return { trial: { eligible: trial, days: TRIAL_DAYS }, discount: code ? discountOffer(code) : null };
    },

    previewChange: ({ identity, query }) => preview(identity, query.interval),

    async change({ identity, body, requestId }) {
      const { interval } = body;
      const { row, terms, sub, item, current } = await switchable(identity, interval);
      let message: string;
      if (terms?.schedule_id) {
        // A switch was waiting for the renewal: it is dropped whichever way the person now goes.
        await providerCall(() => deps.stripe.subscriptionSchedules.release(terms.schedule_id!), deps.log);
        await clearScheduledInterval(deps.db, row.stripe_subscription_id);
      }
      if (interval === current) {
        message = `Your plan stays ${interval === 'year' ? 'annual' : 'monthly'}.`;
      } else if (interval === 'year') {
        // Monthly → annual starts now; the unused part of the month is taken off the first year.
        await providerCall(
          async () =>
            deps.stripe.subscriptions.update(sub.id, {
              items: [{ id: item.id, price: await priceIdFor(deps, 'year') }],
              proration_behavior: 'always_invoice',
              payment_behavior: 'error_if_incomplete',
            }),
          deps.log,
        );
        message = 'You are now on the annual plan.';
      } else {
        // Annual → monthly at the renewal: the provider's schedule changes the price when the year ends.
        const schedule = await providerCall(
          () => deps.stripe.subscriptionSchedules.create({ from_subscription: sub.id }),
          deps.log,
        );
        await providerCall(
          async () =>
            deps.stripe.subscriptionSchedules.update(schedule.id, {
              end_behavior: 'release',
              phases: [
                {
                  items: [{ price: item.price.id }],
                  start_date: item.current_period_start,
                  end_date: item.current_period_end,
                },
                { items: [{ price: await priceIdFor(deps, 'month') }] },
              ],
            }),
          deps.log,
        );
        await scheduleInterval(deps.db, row.stripe_subscription_id, 'month', schedule.id);
        message = `Your plan becomes monthly on ${longDate(item.current_period_end)}.`;
      }
      const synced = await syncAndNotify(deps, row.stripe_subscription_id, identity.id, requestId);
      return reply(await withPlanTerms(deps.db, statusFromRow(synced ?? row), synced ?? row), { message });
    },
  };
}
