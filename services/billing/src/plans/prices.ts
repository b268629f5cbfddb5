import type Stripe from 'stripe';
import { PREMIUM_ANNUAL_PLAN, PREMIUM_PLAN, type BillingInterval } from '@catalyst/contracts';
import type { Deps } from '../deps';
import { providerCall } from '../provider/stripe';

/** The plan billed every month or every year: its price, as the client shows it and the provider charges it. */
export const planOf = (interval: BillingInterval) =>
  interval === 'year' ? PREMIUM_ANNUAL_PLAN : PREMIUM_PLAN;

const known = new WeakMap<object, Map<BillingInterval, string>>();

/**
 * The provider's price id of a plan: STRIPE_PRICE_PREMIUM for monthly when set, else the price found by its
 * lookup key, made once when the provider has none (the same calls work against Stripe). Kept per client.
 */
export async function priceIdFor(deps: Pick<Deps, 'stripe' | 'config' | 'log'>, interval: BillingInterval) {
  if (interval === 'month' && deps.config.STRIPE_PRICE_PREMIUM) return deps.config.STRIPE_PRICE_PREMIUM;
  const cache = known.get(deps.stripe) ?? new Map<BillingInterval, string>();
  known.set(deps.stripe, cache);
  const kept = cache.get(interval);
  if (kept) return kept;
  const plan = planOf(interval);
  const found = await providerCall(
    () => deps.stripe.prices.list({ lookup_keys: [plan.lookupKey], limit: 1 }),
    deps.log,
  );
  let price: Stripe.Price | undefined = found.data[0];
  price ??= await providerCall(
    () =>
      deps.stripe.prices.create({
        currency: plan.currency,
        unit_amount: plan.unitAmount,
        recurring: { interval: plan.interval },
        product_data: { name: `Catalyst ${plan.name}` },
        lookup_key: plan.lookupKey,
      }),
    deps.log,
  );
  cache.set(interval, price.id);
  return price.id;
}

/** The interval of a provider subscription's price (monthly when it says nothing else). */
export const intervalOf = (sub: Stripe.Subscription): BillingInterval =>
  sub.items?.data?.[0]?.price?.recurring?.interval === 'year' ? 'year' : 'month';
