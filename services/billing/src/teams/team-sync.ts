// A team's subscription as the provider reads it: its seats (the quantity), status and renewal, kept on the team.
import type { Kysely } from 'kysely';
import type Stripe from 'stripe';
import {
  TEAM_PLAN_NAMES,
  TEAM_PRICE_LOOKUP_KEYS,
  TEAM_SEAT_PRICE,
  type TeamInterval,
  type TeamStatus,
} from '@catalyst/contracts';
import type { Database } from '../db/schema';
import type { Deps } from '../deps';
import { periodEndOf, providerCall } from '../provider/stripe';
import { findTeamBySubscription, seatGrantsAccess, updateTeamFromProvider } from './teams.repository';

/** Team subscriptions carry this in their metadata, so they never become the owner's personal plan. */
export const TEAM_KIND = 'team';
export const isTeamSubscription = (sub: Stripe.Subscription) => sub.metadata?.kind === TEAM_KIND;

export function teamStatusOf(sub: Stripe.Subscription): TeamStatus {
  if (sub.status === 'active' || sub.status === 'trialing') return 'active';
  if (sub.status === 'past_due' || sub.status === 'unpaid') return 'past_due';
  return 'canceled';
}

export const seatsOf = (sub: Stripe.Subscription) => sub.items?.data?.[0]?.quantity ?? 0;

/** Keeps the team of a subscription in step with the provider's read (a no-op before the team exists). */
export async function syncTeamSubscription(trx: Kysely<Database>, sub: Stripe.Subscription) {
  return updateTeamFromProvider(trx, sub.id, {
    seats: seatsOf(sub),
    status: teamStatusOf(sub),
    current_period_end: periodEndOf(sub),
  });
}

/**
 * Runs a sync of a provider subscription; when it is a team's and the team's access changed with it, answers
 * the team's members too (their entitlement caches are to be told).
 */
export async function withTeamAccessChanges<T>(
  trx: Kysely<Database>,
  subscriptionId: string,
  sync: () => Promise<T>,
): Promise<{ result: T; members: string[] }> {
  const before = await findTeamBySubscription(trx, subscriptionId);
  const result = await sync();
  if (!before) return { result, members: [] };
  const after = await findTeamBySubscription(trx, subscriptionId);
  const changed = after && seatGrantsAccess(before.team.status) !== seatGrantsAccess(after.team.status);
  return { result, members: changed ? after.memberIds : [] };
}

const known = new WeakMap<object, Map<TeamInterval, string>>();

/** The provider's per-seat price of the team plan, found by its lookup key (made once when missing). */
export async function teamPriceIdFor(deps: Pick<Deps, 'stripe' | 'log'>, interval: TeamInterval) {
  const cache = known.get(deps.stripe) ?? new Map<TeamInterval, string>();
  known.set(deps.stripe, cache);
  const kept = cache.get(interval);
  if (kept) return kept;
  const lookupKey = TEAM_PRICE_LOOKUP_KEYS[interval];
  const found = await providerCall(
    () => deps.stripe.prices.list({ lookup_keys: [lookupKey], limit: 1 }),
    deps.log,
  );
  const price =
    found.data[0] ??
    (await providerCall(
      () =>
        deps.stripe.prices.create({
          currency: 'usd',
          unit_amount: TEAM_SEAT_PRICE[interval],
          recurring: { interval },
          product_data: { name: TEAM_PLAN_NAMES[interval] },
          lookup_key: lookupKey,
        }),
      deps.log,
    ));
  cache.set(interval, price.id);
  return price.id;
}
