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

/** The demo team's customer (its owner) and its annual subscription of 10 seats. */
async function seedDemoTeam(db: Kysely<Database>, log: Logger) {
  const { start, end } = demoTeamPeriod();
  const created = Math.floor(start.getTime() / 1000);
  const owner = demoTeam.owner;
  const inserted = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({
        id: demoTeam.customerId,
        email: owner.email,
        name: owner.name,
        metadata: JSON.stringify({ userId: owner.id }),
        card_number: '4242424242424242',
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    return trx
      .insertInto('subscriptions')
      .values({
        id: demoTeam.subscriptionId,
        customer: demoTeam.customerId,
        price_id: TEAM_PRICE_IDS[demoTeam.interval],
        quantity: demoTeam.seats,
        status: 'active',
        current_period_start: created,
        current_period_end: Math.floor(end.getTime() / 1000),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        past_due_since: null,
        latest_invoice: null,
        metadata: JSON.stringify({ kind: 'team', userId: owner.id }),
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .returning('id')
      .executeTakeFirst();
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
  const { start, end } = demoBillingPeriod();
  const created = Math.floor(start.getTime() / 1000);
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
    await trx
      .insertInto('customers')
      .values({
        id: demoBilling.customerId,
        email: member.email,
        name: member.name,
        metadata: JSON.stringify({ userId: member.id }),
        card_number: '4242424242424242',
        created,
      })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    await trx
      .insertInto('subscriptions')
      .values({
        id: demoBilling.subscriptionId,
        customer: demoBilling.customerId,
        price_id: DEMO_PRICE_ID,
        status: 'active',
        current_period_start: created,
        current_period_end: Math.floor(end.getTime() / 1000),
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
        past_due_since: null,
        latest_invoice: null,
        metadata: JSON.stringify({ userId: member.id, plan: PREMIUM_PLAN.id }),
        created,
      })
      .execute();
  });
  log.info({ subscription: demoBilling.subscriptionId }, 'seeded the demo member subscription');
}
