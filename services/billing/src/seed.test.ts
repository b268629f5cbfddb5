import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  demoAccounts,
  demoBilling,
  demoBillingPeriod,
  demoTeam,
  demoTeamPeriod,
  teamDetailSchema,
  type Identity,
} from '@catalyst/contracts';
import { testLog } from '@catalyst/service-kit/testing';
import { seedDemo } from './seed';
import { startBillingWorld, type BillingWorld } from './test-support';

let world: BillingWorld;
beforeAll(async () => {
  world = await startBillingWorld({ seed: true });
});
afterAll(async () => world?.close());

const member: Identity = {
  id: demoAccounts.member.id,
  role: 'user',
  email: demoAccounts.member.email,
  name: demoAccounts.member.name,
};

describe('demo seed', () => {
  it('gives the demo member an active Premium subscription the provider also knows', async () => {
    const status = (await world.call('GET', '/subscription/status', { as: member })).body.data;
    expect(status).toEqual({
      hasSubscription: true,
      plan: 'premium',
      status: 'active',
      currentPeriodEnd: demoBillingPeriod().end.toISOString(),
      cancelAtPeriodEnd: false,
      graceEndsAt: null,
      interval: 'month',
      trialEnd: null,
      scheduledInterval: null,
      // Offline copies play for this member until the licence's end: the period's end, at most 72 h away.
      offlineLicence: { userId: member.id, expiresAt: expect.any(String) },
    });
    const provider = await world.sandboxApi('GET', `/v1/subscriptions/${demoBilling.subscriptionId}`);
    expect(provider.body).toMatchObject({
      id: demoBilling.subscriptionId,
      customer: demoBilling.customerId,
      status: 'active',
    });
    expect(provider.body.items.data[0].current_period_end * 1000).toBe(demoBillingPeriod().end.getTime());

    // The seeded ids are live at the provider: cancel goes through it and back.
    const canceled = await world.call('POST', '/subscription/cancel', { as: member });
    expect(canceled.body.data).toMatchObject({
      cancelAtPeriodEnd: true,
      currentPeriodEnd: demoBillingPeriod().end.toISOString(),
    });
    await world.call('POST', '/subscription/reactivate', { as: member });
  });

  it('changes nothing when it runs again', async () => {
    await seedDemo(world.db, testLog);
    const rows = await world.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', member.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.cancel_at_period_end).toBe(false);
    const seats = await world.db.selectFrom('team_members').select('user_id').execute();
    expect(seats).toHaveLength(1 + demoTeam.members.length);
  });
});

describe('demo team', () => {
  const identityOf = ({ id, email, name }: { id: string; email: string; name: string }): Identity => ({
    id,
    email,
    name,
    role: 'user',
  });
  const owner = identityOf(demoTeam.owner);
  const member = identityOf(demoTeam.members[0]);

  it('gives Northwind 10 annual seats, its owner and 8 members, on a subscription the provider knows', async () => {
    const team = teamDetailSchema.parse(
      (await world.call('GET', `/teams/${demoTeam.id}`, { as: owner })).body.data,
    );
    expect(team).toMatchObject({
      name: 'Northwind',
      seats: 10,
      seatsUsed: 9,
      interval: 'year',
      status: 'active',
      renewsAt: demoTeamPeriod().end.toISOString(),
    });
    expect(team.members.map((m) => m.email)).toEqual([
      'owner@northwind.example',
      ...demoTeam.members.map((m) => m.email),
    ]);
    expect(team.members.every((m) => m.email.endsWith('@northwind.example'))).toBe(true);
    const provider = await world.sandboxApi('GET', `/v1/subscriptions/${demoTeam.subscriptionId}`);
    expect(provider.body.items.data[0]).toMatchObject({ quantity: 10, price: { lookup_key: 'team_annual' } });
    expect((await world.internal(`/internal/entitlements/${member.id}`)).body.data.entitled).toBe(true);
    const mine = await world.call('GET', '/teams/mine', { as: member });
    expect(mine.body.data.team).toMatchObject({ name: 'Northwind', role: 'member', ownerName: owner.name });

    // The seeded ids are live at the provider: a seat change goes through it.
    const changed = await world.call('PUT', `/teams/${demoTeam.id}/seats`, {
      as: owner,
      body: { seats: 11 },
    });
    expect(changed.body.data.seats).toBe(11);
    await world.call('PUT', `/teams/${demoTeam.id}/seats`, { as: owner, body: { seats: 10 } });
  });

  it("assigns Northwind's members one path, once, however often the seed runs", async () => {
    await seedDemo(world.db, testLog);
    const rows = await world.db.selectFrom('team_assignments').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ team_id: demoTeam.id, target_kind: 'path', title: 'Start with the Web' });
    expect(rows[0]!.due_at!.getTime()).toBeGreaterThan(Date.now());
    const assignees = await world.db.selectFrom('team_assignment_users').select('user_id').execute();
    expect(assignees.map((a) => a.user_id).sort()).toEqual(demoTeam.members.map((m) => m.id).sort());
  });

  it('gives Northwind one group of three members, once, however often the seed runs', async () => {
    await seedDemo(world.db, testLog);
    const groups = await world.db.selectFrom('team_groups').selectAll().execute();
    expect(groups).toEqual([
      expect.objectContaining({ team_id: demoTeam.id, name: 'Engineering', source: 'team' }),
    ]);
    const members = await world.db.selectFrom('team_group_members').select('user_id').execute();
    expect(members).toHaveLength(3);
  });
});
