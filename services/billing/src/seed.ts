import type { Kysely } from 'kysely';
import type { Logger } from '@catalyst/service-kit';
import { demoAccounts, demoBilling, demoBillingPeriod } from '@catalyst/contracts';
import type { Database } from './db/schema';

/**
 * Demo data for the billing schema; idempotent, so a second start changes nothing. The member's
 * Premium subscription carries the same provider ids and period the payments sandbox seeds.
 */
export async function seedDemo(db: Kysely<Database>, log: Logger): Promise<void> {
  const member = demoAccounts.member;
  const { end } = demoBillingPeriod();
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('customers')
      .values({ user_id: member.id, stripe_customer_id: demoBilling.customerId, email: member.email })
      .onConflict((oc) => oc.doNothing())
      .execute();
    const inserted = await trx
      .insertInto('subscriptions')
      .values({
        stripe_subscription_id: demoBilling.subscriptionId,
        user_id: member.id,
        stripe_customer_id: demoBilling.customerId,
        plan: 'premium',
        status: 'active',
        current_period_end: end,
        cancel_at_period_end: false,
        canceled_at: null,
        ended_at: null,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('stripe_subscription_id')
      .executeTakeFirst();
    if (inserted)
      log.info({ subscription: demoBilling.subscriptionId }, 'seeded the demo member subscription');
  });
}
