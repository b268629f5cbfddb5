import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import {
  PREMIUM_PLAN,
  demoAccounts,
  demoBilling,
  demoBillingPeriod,
  demoTeam,
  demoTeamPeriod,
} from '@catalyst/contracts';
import { PREMIUM_ANNUAL_PLAN } from '@catalyst/contracts/plan';
import {
  TEAM_PLAN_NAMES,
  TEAM_PRICE_LOOKUP_KEYS,
  TEAM_SEAT_PRICE,
  teamIntervalValues,
} from '@catalyst/contracts/teams-terms';
import type { Database } from './db/schema';

/** The price the demo subscription (and billing, when STRIPE_PRICE_PREMIUM names it) uses. */
export const DEMO_PRICE_ID = 'price_CatalystPremiumMonthly';
const DEMO_ANNUAL_PRICE_ID = 'price_CatalystPremiumAnnual';
const TEAM_PRICE_IDS = { month: 'price_CatalystTeamMonthly', year: 'price_CatalystTeamAnnual' } as const;

/** The team plan's per-seat prices, by their lookup keys (any conflict: already there, or made by billing). */
async function seedTeamPrices(db: Kysely<Database>, created: number) {
  for (const interval of teamIntervalValues)
    await db
      .insertInto('prices')
      .values({
        id: TEAM_PRICE_IDS[interval],
        product_name: TEAM_PLAN_NAMES[interval],
        unit_amount: TEAM_SEAT_PRICE[interval],
        currency: 'usd',
        interval,
        lookup_key: TEAM_PRICE_LOOKUP_KEYS[interval],
        created,
      })
      .onConflict((oc) => oc.doNothing())
      .execute();
}

/** A demo customer with a card on file and their active subscription for the period; answers whether it was new. */
async function insertSubscriber(
  db: Kysely<Database>,
  subscriber: {
    customerId: string;
    subscriptionId: string;
    person: { id: string; email: string; name: string };
    priceId: string;
    quantity?: number;
    period: { start: Date; end: Date };
    metadata: Record<string, string>;
  },
): Promise<boolean> {
  const { customerId, subscriptionId, person, period } = subscriber;
  const created = Math.floor(period.start.getTime() / 1000);
  const inserted = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({
        id: customerId,
        email: person.email,
        name: person.name,
        metadata: JSON.stringify({ userId: person.id }),
        card_number: '4242424242424242',
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return trx
      .insertInto('subscriptions')
      .values({
        id: subscriptionId,
        customer: customerId,
        price_id: subscriber.priceId,
        quantity: subscriber.quantity,
        status: 'active',
        current_period_start: created,
        current_period_end: Math.floor(period.end.getTime() / 1000),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        past_due_since: null,
        latest_invoice: null,
        metadata: JSON.stringify(subscriber.metadata),
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
  });
  return inserted !== undefined;
}

/** The demo team's customer (its owner) and its annual subscription of 10 seats. */
async function seedDemoTeam(db: Kysely<Database>, log: Logger) {
  const owner = demoTeam.owner;
  const inserted = await insertSubscriber(db, {
    customerId: demoTeam.customerId,
    subscriptionId: demoTeam.subscriptionId,
    person: owner,
    priceId: TEAM_PRICE_IDS[demoTeam.interval],
    quantity: demoTeam.seats,
    period: demoTeamPeriod(),
    metadata: { kind: 'team', userId: owner.id },
  });
  if (inserted) log.info({ subscription: demoTeam.subscriptionId }, 'seeded the demo team subscription');
}

/** Demo provider state (the member's and the demo team's customers and subscriptions, the team prices); idempotent. */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  await seedTeamPrices(db, Math.floor(Date.now() / 1000));
  await seedDemoTeam(db, log);
  const existing = await db
    .selectFrom('subscriptions')
    .select('id')
    .where('id', '=', demoBilling.subscriptionId)
    .executeTakeFirst();
  if (existing) return;
  const period = demoBillingPeriod();
  const created = Math.floor(period.start.getTime() / 1000);
  const member = demoAccounts.member;
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('prices')
      .values({
        id: DEMO_PRICE_ID,
        product_name: `Catalyst ${PREMIUM_PLAN.name}`,
        unit_amount: PREMIUM_PLAN.unitAmount,
        currency: PREMIUM_PLAN.currency,
        interval: PREMIUM_PLAN.interval,
        lookup_key: PREMIUM_PLAN.lookupKey,
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('prices')
      .values({
        id: DEMO_ANNUAL_PRICE_ID,
        product_name: `Catalyst ${PREMIUM_ANNUAL_PLAN.name}`,
        unit_amount: PREMIUM_ANNUAL_PLAN.unitAmount,
        currency: PREMIUM_ANNUAL_PLAN.currency,
        interval: PREMIUM_ANNUAL_PLAN.interval,
        lookup_key: PREMIUM_ANNUAL_PLAN.lookupKey,
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  });
  await insertSubscriber(db, {
    customerId: demoBilling.customerId,
    subscriptionId: demoBilling.subscriptionId,
    person: member,
    priceId: DEMO_PRICE_ID,
    period,
    metadata: { userId: member.id, plan: PREMIUM_PLAN.id },
  });
  log.info({ subscription: demoBilling.subscriptionId }, 'seeded the demo member subscription');
}
