import Stripe from 'stripe';
import { subscriptionStatusValues, type SubscriptionStatusValue } from '@catalyst/contracts';
import { HttpError, unavailable } from '@catalyst/service-kit';
import type { Config } from '../config';

/**
 * The real stripe SDK. With STRIPE_API_URL it talks to that host instead of api.stripe.com (the payments
 * sandbox speaks the same wire format), so the same code runs against either.
 */
export function createStripeClient(config: Pick<Config, 'STRIPE_SECRET_KEY' | 'STRIPE_API_URL'>): Stripe {
  const target = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : undefined;
  return new Stripe(config.STRIPE_SECRET_KEY, {
    maxNetworkRetries: 2,
    timeout: 10_000,
    appInfo: { name: 'Catalyst billing' },
    ...(target
      ? {
          host: target.hostname,
          port: target.port || (target.protocol === 'https:' ? 443 : 80),
          protocol: target.protocol === 'https:' ? 'https' : 'http',
        }
      : {}),
  });
}

export const isMissingResource = (error: unknown): boolean =>
  error instanceof Stripe.errors.StripeError &&
  (error.code === 'resource_missing' || error.statusCode === 404);

/**
 * Runs a provider call; an outage or misconfiguration becomes a 503 a person can retry, never a 500
 * carrying the provider's internals. Missing resources are rethrown for the caller to decide.
 */
export async function providerCall<T>(
  call: () => Promise<T>,
  log?: { warn: (o: object, m: string) => void },
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof HttpError || isMissingResource(error)) throw error;
    if (error instanceof Stripe.errors.StripeError) {
      log?.warn(
        { type: error.type, code: error.code, status: error.statusCode, err: error.message },
        'payment provider call failed',
      );
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError ||
        error instanceof Stripe.errors.StripeCardError
      ) {
        throw new HttpError(400, error.message);
      }
      throw unavailable('The payment provider is unavailable. Please try again shortly.');
    }
    throw error;
  }
}

/** The end of the paid period: on the item in current API versions, on the subscription in older ones. */
export function periodEndOf(sub: Stripe.Subscription): Date | null {
  const seconds =
    sub.items?.data?.[0]?.current_period_end ??
    (sub as unknown as { current_period_end?: number }).current_period_end;
  return typeof seconds === 'number' ? new Date(seconds * 1000) : null;
}

const toDate = (seconds: number | null | undefined) =>
  typeof seconds === 'number' ? new Date(seconds * 1000) : null;

function statusOf(sub: Stripe.Subscription): SubscriptionStatusValue {
  return (subscriptionStatusValues as readonly string[]).includes(sub.status)
    ? (sub.status as SubscriptionStatusValue)
    : 'incomplete';
}

/** What billing mirrors of a subscription as the provider reads it (a status it does not know is 'incomplete'). */
export const subscriptionValuesOf = (sub: Stripe.Subscription) => ({
  status: statusOf(sub),
  current_period_end: periodEndOf(sub),
  cancel_at_period_end: sub.cancel_at_period_end,
  canceled_at: toDate(sub.canceled_at),
  ended_at: toDate(sub.ended_at),
});

export const idOf = (value: string | { id: string } | null | undefined): string | null =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** The subscription an invoice belongs to, in both the current (parent) and the older shape. */
export function subscriptionIdOfInvoice(invoice: Stripe.Invoice): string | null {
  const fromParent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(fromParent ?? legacy ?? null);
}
