import type { Kysely } from 'kysely';
import { demoEntityId, type Logger } from '@catalyst/service-kit';
import { demoAccounts, demoBilling, demoBillingPeriod, demoTeam, demoTeamPeriod } from '@catalyst/contracts';
import type { Database } from './db/schema';
import { seedDemoRoyaltyRevenue } from './royalties/demo-revenue';
import { checkoutAuditDetail } from './teams/team-checkout';

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
  await seedDemoTeam(db, log);
  await seedDemoTeamAssignment(db, log);
  await seedDemoTeamGroup(db, log);
  await seedDemoRoyaltyRevenue(db, log);
}

/** Northwind: 10 seats billed annually, its owner and 8 members seated, its checkout in the audit log. */
async function seedDemoTeam(db: Kysely<Database>, log: Logger): Promise<void> {
  const { owner, members } = demoTeam;
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('teams')
      .values({
        id: demoTeam.id,
        name: demoTeam.name,
        owner_user_id: owner.id,
        interval: demoTeam.interval,
        seats: demoTeam.seats,
        status: 'active',
        stripe_customer_id: demoTeam.customerId,
        stripe_subscription_id: demoTeam.subscriptionId,
        checkout_session_id: demoTeam.checkoutSessionId,
        current_period_end: demoTeamPeriod().end,
      })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    await trx
      .insertInto('team_members')
      .values([
        { team_id: demoTeam.id, user_id: owner.id, name: owner.name, email: owner.email, role: 'owner' },
        ...members.map((m) => ({
          team_id: demoTeam.id,
          user_id: m.id,
          name: m.name,
          email: m.email,
          role: 'member' as const,
        })),
      ])
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('team_audit')
      .values({
        team_id: demoTeam.id,
        actor_user_id: owner.id,
        actor_name: owner.name,
        actor_email: owner.email,
        action: 'checkout',
        detail: checkoutAuditDetail(demoTeam.seats, demoTeam.interval),
      })
      .execute();
    log.info({ team: demoTeam.id }, 'seeded the demo team');
  });
}

/** The path Northwind's owner assigned to every member (content seeds it under this id). */
const DEMO_TEAM_ASSIGNMENT = {
  id: '00000000-0000-4000-8000-00000000b100',
  pathSlug: 'start-with-the-web',
  title: 'Start with the Web',
} as const;

/** Northwind's one assigned path, due at the end of next month; idempotent by its fixed id. */
async function seedDemoTeamAssignment(db: Kysely<Database>, log: Logger, now = new Date()): Promise<void> {
  const { owner, members } = demoTeam;
  await db.transaction().execute(async (trx) => {
    const inserted = await insertDemoAssignment(trx, now);
    if (!inserted) return;
    await trx
      .insertInto('team_assignment_users')
      .values(members.map((m) => ({ assignment_id: DEMO_TEAM_ASSIGNMENT.id, user_id: m.id })))
      .onConflict((oc) => oc.doNothing())
      .execute();
    await trx
      .insertInto('team_audit')
      .values({
        team_id: demoTeam.id,
        actor_user_id: owner.id,
        actor_name: owner.name,
        actor_email: owner.email,
        action: 'assigned',
        detail: `${DEMO_TEAM_ASSIGNMENT.title} to ${members.length} members`,
      })
      .execute();
    log.info({ assignment: DEMO_TEAM_ASSIGNMENT.id }, 'seeded the demo team assignment');
  });
}

function insertDemoAssignment(db: Kysely<Database>, now: Date) {
  return db
    .insertInto('team_assignments')
    .values({
      id: DEMO_TEAM_ASSIGNMENT.id,
      team_id: demoTeam.id,
      target_kind: 'path',
      target_id: demoEntityId('path', DEMO_TEAM_ASSIGNMENT.pathSlug),
      title: DEMO_TEAM_ASSIGNMENT.title,
      slug: DEMO_TEAM_ASSIGNMENT.pathSlug,
      due_at: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 0, 23, 59, 59, 999)),
      created_by_user_id: demoTeam.owner.id,
      created_by_name: demoTeam.owner.name,
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
}

/** Northwind's one group, "Engineering" (Omar, Priya and Sven), made by its owner; idempotent by its fixed id. */
async function seedDemoTeamGroup(db: Kysely<Database>, log: Logger): Promise<void> {
  const { owner, members } = demoTeam;
  const id = '00000000-0000-4000-8000-00000000b200';
  await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('team_groups')
      .values({ id, team_id: demoTeam.id, name: 'Engineering', source: 'team' })
      .onConflict((oc) => oc.doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return;
    await trx
      .insertInto('team_group_members')
      .values(
        [members[1], members[2], members[5]].map((m) => ({
          group_id: id,
          team_id: demoTeam.id,
          user_id: m.id,
        })),
      )
      .execute();
    await trx
      .insertInto('team_audit')
      .values({
        team_id: demoTeam.id,
        actor_user_id: owner.id,
        actor_name: owner.name,
        actor_email: owner.email,
        action: 'group_created',
        detail: 'Engineering',
      })
      .execute();
    log.info({ group: id }, 'seeded the demo team group');
  });
}
